import type {
  OperationOutcome,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
  Task,
} from '@medplum/fhirtypes';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  referencePath,
  resourceKey,
  useProfile,
  useReplicaContext,
  useReplicaQuery,
  useSave,
  type ReplicaReader,
} from '@/ui';
import { useDraft, type Draft } from '@/ui/drafts';
import { buildResponse, questionnaireCanonical, type Answers } from './questionnaire-rules';
import { responseChange, type ResponseStatus } from './response-change';
import { taskOutputChange } from './task-output';

/** Who and what a response is about: its subject, and the requests and encounter it answers. */
export interface ResponseContext {
  subject?: Reference;
  basedOn?: QuestionnaireResponse['basedOn'];
  encounter?: QuestionnaireResponse['encounter'];
  /** The task it is filled in for: the submitted response becomes one of the task's outputs. */
  task?: Reference<Task>;
}

interface DraftKey {
  canonical: string;
  subject: string;
  author: string;
}

/**
 * The user's in-progress response to this questionnaire about this subject, if there is one: one
 * kept before answers stayed on the device until Submit (or made by another app). The form goes on
 * from it, and Submit completes it instead of making a second response.
 */
async function findDraft(reader: ReplicaReader, key: DraftKey): Promise<QuestionnaireResponse | null> {
  const records = await reader.recordsOfType('QuestionnaireResponse');
  const drafts = records
    .filter((record) => record.deleted === 0)
    .map((record) => record.resource as QuestionnaireResponse)
    .filter(
      (response) =>
        response.status === 'in-progress' &&
        response.questionnaire === key.canonical &&
        (response.subject?.reference ?? '') === key.subject &&
        (response.author?.reference ?? '') === key.author
    );
  // The most recently authored one when several were started.
  drafts.sort((a, b) => (b.authored ?? '').localeCompare(a.authored ?? ''));
  return drafts[0] ?? null;
}

/** A submitted response: its id, and whether the server has it or this device keeps it to send. */
export interface Submitted {
  id: string;
  delivery: 'sent' | 'kept';
}

export interface ResponseDraft {
  /** An earlier in-progress response to go on with (null when none; undefined while it is looked up). */
  draft: QuestionnaireResponse | null | undefined;
  /** The answers kept on this device only: nothing is sent before Submit. */
  answers: Draft<Answers>;
  /** Keeps these answers on this device (after a pause in typing, and at once before leaving). */
  keep(answers: Answers): void;
  /** Sends one completed response with these answers; resolves with its id once the save succeeds. */
  submit(answers: Answers): Promise<Submitted | undefined>;
  submitting: boolean;
  outcome?: OperationOutcome;
  /** Why the submitted response could not be recorded as the task's output. */
  taskOutcome?: OperationOutcome;
}

/**
 * A questionnaire response while it is filled in: the answers are a draft on this device only
 * (per user, questionnaire and subject), so an unfinished or invalid set of answers never reaches
 * the server; Submit saves one completed response and links it to the task it was filled in for.
 */
export function useResponseDraft(questionnaire: Questionnaire, context: ResponseContext): ResponseDraft {
  const { reader } = useReplicaContext();
  const { save: saveResponse, outcome } = useSave();
  const { save: saveLink, outcome: taskOutcome } = useSave();
  const { reference: author } = useProfile();
  const canonical = questionnaireCanonical(questionnaire);
  const subjectReference = context.subject?.reference ?? '';
  const key = useMemo<DraftKey>(
    () => ({ canonical, subject: subjectReference, author }),
    [canonical, subjectReference, author]
  );
  const draft = useReplicaQuery((replica) => findDraft(replica, key), [key]);
  const answers = useDraft<Answers>(`questionnaire:${canonical}:${subjectReference}`);
  const [submitting, setSubmitting] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** The response these answers make, about the context's subject, authored now by the user. */
  const responseOf = useCallback(
    (given: Answers, status: ResponseStatus): QuestionnaireResponse => {
      const subject = context.subject;
      return buildResponse(questionnaire, given, {
        status,
        authored: new Date().toISOString(),
        ...(subject ? { subject } : {}),
        ...(subject?.reference?.startsWith('Patient/') ? { source: subject as Reference<Patient> } : {}),
        ...(author ? { author: { reference: author } } : {}),
        ...(context.basedOn?.length ? { basedOn: context.basedOn } : {}),
        ...(context.encounter ? { encounter: context.encounter } : {}),
      });
    },
    [questionnaire, context.subject, context.basedOn, context.encounter, author]
  );

  /** Saves the completed response (completing an earlier in-progress one); its id, or undefined. */
  const complete = useCallback(
    async (given: Answers): Promise<Submitted | undefined> => {
      let storedId: string | undefined;
      const result = await saveResponse(async () => {
        const stored = await findDraft(reader, key);
        storedId = stored?.id;
        const change = responseChange(stored, responseOf(given, 'completed'), 'completed');
        return stored ? { change, shown: stored } : { change };
      });
      if (!result.ok) return undefined;
      const id = result.applied?.id ?? storedId;
      return id ? { id, delivery: result.delivery ?? 'kept' } : undefined;
    },
    [saveResponse, reader, key, responseOf]
  );

  /** Records the submitted response as an output of the task, once, after the writes before it. */
  const linkTask = useCallback(
    (responseId: string): Promise<void> => {
      const target = referencePath(context.task);
      if (!target) return Promise.resolve();
      const run = queue.current.then(async () => {
        await saveLink(async () => {
          const record = await reader.record(resourceKey(target.resourceType, target.id));
          if (!record || record.deleted)
            throw new Error(`${target.resourceType}/${target.id} is not on this device`);
          const change = taskOutputChange(
            record.resource as Task,
            `QuestionnaireResponse/${responseId}`,
            questionnaire.title ?? questionnaire.name
          );
          return { change };
        });
      });
      queue.current = run;
      return run;
    },
    [context.task, reader, saveLink, questionnaire.title, questionnaire.name]
  );

  return {
    draft,
    answers,
    submitting,
    outcome,
    taskOutcome,
    keep: answers.keep,
    async submit(given) {
      setSubmitting(true);
      try {
        const submitted = await complete(given);
        // A refused response keeps the answers on this device; a saved one ends the draft.
        if (!submitted) return undefined;
        await answers.remove();
        await linkTask(submitted.id);
        return submitted;
      } finally {
        setSubmitting(false);
      }
    },
  };
}
