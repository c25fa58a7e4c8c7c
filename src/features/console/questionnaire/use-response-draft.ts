import type {
  OperationOutcome,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
  Task,
} from '@medplum/fhirtypes';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  referencePath,
  resourceKey,
  useProfile,
  useReplicaContext,
  useReplicaQuery,
  useSave,
  type ReplicaReader,
} from '@/ui';
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

/** How long answers wait before they are kept, so typing a word makes one change, not one per key. */
export const DRAFT_SAVE_DELAY_MS = 600;

interface DraftKey {
  canonical: string;
  subject: string;
  author: string;
}

/** The user's in-progress response to this questionnaire about this subject, if there is one. */
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

export interface ResponseDraft {
  /** The response in progress (null when none was started; undefined while it is looked up). */
  draft: QuestionnaireResponse | null | undefined;
  /** Keeps these answers in the in-progress response, shortly (and at once before leaving). */
  keep(answers: Answers): void;
  /** Completes the response with these answers; resolves with its id once it is durable. */
  submit(answers: Answers): Promise<string | undefined>;
  /** When the answers were last kept on this device. */
  savedAt?: Date;
  /** True while answers given wait to be kept (a moment after typing, or while being written). */
  saving: boolean;
  submitting: boolean;
  outcome?: OperationOutcome;
  /** Why the submitted response could not be recorded as the task's output. */
  taskOutcome?: OperationOutcome;
}

/**
 * A questionnaire response kept while it is filled in: the first answer creates it in progress,
 * later answers change it, and submit completes it. Every write goes through the outbox, so filling
 * in works offline and survives a reload (the in-progress response is found again).
 */
export function useResponseDraft(questionnaire: Questionnaire, context: ResponseContext): ResponseDraft {
  const { reader } = useReplicaContext();
  // The response's writes (keeps and submit) share one failure state; the task's link has its own.
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
  const [savedAt, setSavedAt] = useState<Date>();
  const [submitting, setSubmitting] = useState(false);
  const [unsaved, setUnsaved] = useState(0);
  const [typing, setTyping] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const waiting = useRef<Answers | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** The response these answers make, about the context's subject, authored now by the user. */
  const responseOf = useCallback(
    (answers: Answers, status: ResponseStatus): QuestionnaireResponse => {
      const subject = context.subject;
      return buildResponse(questionnaire, answers, {
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

  /**
   * Writes the response with these answers and status (a create the first time, else a patch) after
   * the writes before it; resolves with its id, or undefined when it could not be kept.
   */
  const enqueue = useCallback(
    (answers: Answers, status: ResponseStatus): Promise<string | undefined> => {
      setUnsaved((count) => count + 1);
      const run = queue.current.then(async () => {
        let storedId: string | undefined;
        try {
          const result = await saveResponse(async () => {
            const stored = await findDraft(reader, key);
            storedId = stored?.id;
            const change = responseChange(stored, responseOf(answers, status), status);
            return stored ? { change, shown: stored } : { change };
          });
          if (!result.ok) return undefined;
          setSavedAt(new Date());
          return result.applied?.id ?? storedId;
        } finally {
          setUnsaved((count) => count - 1);
        }
      });
      queue.current = run;
      return run;
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

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const answers = waiting.current;
    waiting.current = undefined;
    setTyping(false);
    if (answers) void enqueue(answers, 'in-progress');
  }, [enqueue]);

  useEffect(() => {
    // Leaving the page (or the tab) keeps what is typed so far.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return {
    draft,
    savedAt,
    submitting,
    outcome,
    taskOutcome,
    saving: unsaved > 0 || typing,
    keep(answers) {
      waiting.current = answers;
      setTyping(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    async submit(answers) {
      clearTimeout(timer.current);
      waiting.current = undefined;
      setTyping(false);
      setSubmitting(true);
      try {
        const id = await enqueue(answers, 'completed');
        if (id) await linkTask(id);
        return id;
      } finally {
        setSubmitting(false);
      }
    },
  };
}
