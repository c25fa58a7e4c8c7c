import type { Bundle, Communication, Reference, Task } from '@medplum/fhirtypes';
import { CARE_COORDINATOR, READY_BUSINESS_STATUS, taskCode } from './codes';
import type { BotClient } from './types';

/** A patient's message left this long without a reply needs a task. */
export const UNANSWERED_MS = 30 * 60 * 1000;

/**
 * Respond-to-message bot, run every 15 minutes. For each patient thread whose newest
 * message came from the patient more than 30 minutes ago it creates one 'Respond to Message' task:
 * owned by the practitioner who replied last in the thread, else in the Care Coordinator queue.
 * A thread with an open task gets no second one.
 */
export async function handler(medplum: BotClient): Promise<{ created: string[] }> {
  const cutoff = new Date(Date.now() - UNANSWERED_MS).toISOString();
  const waiting = await medplum.searchResources('Communication', {
    sent: `lt${cutoff}`,
    'part-of:Communication.status': 'in-progress',
    _sort: '-sent',
    _count: 1000,
  });
  const threadIds = unique(waiting.map((message) => idOf(message.partOf?.[0]?.reference, 'Communication')));
  if (threadIds.length === 0) return { created: [] };

  const histories = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'batch',
    entry: threadIds.map((id) => ({
      request: { method: 'GET', url: `Communication?part-of=Communication/${id}&_sort=-sent&_count=100` },
    })),
  });
  const created: string[] = [];
  for (const [index, threadId] of threadIds.entries()) {
    const messages = resourcesOf<Communication>(histories.entry?.[index]?.resource);
    const task = await taskForThread(medplum, threadId, messages, cutoff);
    if (task?.id) created.push(task.id);
  }
  return { created };
}

async function taskForThread(
  medplum: BotClient,
  threadId: string,
  newestFirst: Communication[],
  cutoff: string
): Promise<Task | undefined> {
  const latest = newestFirst[0];
  const patient = latest?.sender;
  if (!latest?.sent || !(Date.parse(latest.sent) < Date.parse(cutoff)) || !isOfType(patient, 'Patient')) {
    return undefined;
  }
  const focus = `Communication/${threadId}`;
  const open = await medplum.searchOne('Task', { focus, 'status:not': 'completed' });
  if (open) return undefined;
  const responder = newestFirst.find((message) => isOfType(message.sender, 'Practitioner'))?.sender;
  const thread = await medplum.readResource('Communication', threadId);
  const topic = thread.topic?.text ?? thread.topic?.coding?.[0]?.display;
  const task: Task = {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    code: taskCode('respond-to-message', 'Respond to Message'),
    focus: { reference: focus, ...(topic ? { display: topic } : {}) },
    for: isOfType(thread.subject, 'Patient') ? thread.subject : patient,
    authoredOn: new Date().toISOString(),
    businessStatus: READY_BUSINESS_STATUS,
    ...(responder
      ? { owner: responder }
      : { performerType: [{ coding: [CARE_COORDINATOR], text: CARE_COORDINATOR.display }] }),
  };
  return medplum.createResource(task);
}

function isOfType(reference: Reference | undefined, type: string): reference is Reference {
  return !!reference?.reference?.startsWith(`${type}/`);
}

function idOf(reference: string | undefined, type: string): string | undefined {
  return reference?.startsWith(`${type}/`) ? reference.slice(type.length + 1) : undefined;
}

function unique(ids: (string | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => !!id))];
}

function resourcesOf<T>(bundle: unknown): T[] {
  return ((bundle as Bundle | undefined)?.entry ?? []).flatMap((entry) =>
    entry.resource ? [entry.resource as T] : []
  );
}
