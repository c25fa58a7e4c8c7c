import type { Communication } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { TASK_TYPE_SYSTEM } from './index';
import { byReference, NOW, resourcesOf } from './test-support';

const communications = resourcesOf('Communication');
// A thread heads its messages; a comment about a task (based on it) is no thread.
const threads = communications.filter((item) => !item.partOf && !item.basedOn);
const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = 30 * 60 * 1000;

function messagesOf(thread: Communication): Communication[] {
  return communications
    .filter((item) => item.partOf?.some((ref) => ref.reference === `Communication/${thread.id}`))
    .sort((a, b) => (a.sent ?? '').localeCompare(b.sent ?? ''));
}

function lastSenderType(thread: Communication): string | undefined {
  return messagesOf(thread).at(-1)?.sender?.reference?.split('/')[0];
}

function lastSentAgo(thread: Communication): number {
  return NOW.getTime() - Date.parse(messagesOf(thread).at(-1)?.sent ?? '');
}

describe('messages', () => {
  it('there are at least 20 message threads, each with 2 to 6 messages', () => {
    expect(threads.length).toBeGreaterThanOrEqual(20);
    for (const thread of threads) {
      expect(thread.status).toBe('in-progress');
      expect(thread.subject?.reference).toMatch(/^Patient\//);
      const count = messagesOf(thread).length;
      expect(count, thread.id).toBeGreaterThanOrEqual(2);
      expect(count, thread.id).toBeLessThanOrEqual(6);
    }
  });

  it('threads carry topics such as Lab test results, Schedule a Physical and Prescription Refill', () => {
    const topics = new Set(threads.map((thread) => thread.topic?.text));
    for (const topic of ['Lab test results', 'Schedule a Physical', 'Prescription Refill']) {
      expect(topics).toContain(topic);
    }
  });

  it('every message has text, a sender, a sent time in the last days and belongs to its patient', () => {
    for (const message of communications.filter((item) => item.partOf)) {
      const thread = byReference(message.partOf?.[0]?.reference) as Communication | undefined;
      expect(thread?.partOf).toBeUndefined();
      expect(message.subject?.reference).toBe(thread?.subject?.reference);
      expect(message.payload?.[0]?.contentString?.length).toBeGreaterThan(10);
      expect(message.payload?.[0]?.contentString).not.toMatch(/[{}]/);
      expect(message.sender?.reference).toMatch(/^(Patient|Practitioner)\//);
      const ago = NOW.getTime() - Date.parse(message.sent ?? '');
      expect(ago).toBeGreaterThan(0);
      expect(ago).toBeLessThan(10 * DAY_MS);
    }
  });

  it('some threads were answered by a practitioner last', () => {
    expect(
      threads.filter((thread) => lastSenderType(thread) === 'Practitioner').length
    ).toBeGreaterThanOrEqual(5);
  });

  it('some patients have waited more than 30 minutes for an answer', () => {
    const waiting = threads.filter(
      (thread) => lastSenderType(thread) === 'Patient' && lastSentAgo(thread) > WINDOW_MS
    );
    expect(waiting.length).toBeGreaterThanOrEqual(5);
  });

  it('a few patients wrote only minutes ago, inside the 30-minute window', () => {
    const fresh = threads.filter(
      (thread) => lastSenderType(thread) === 'Patient' && lastSentAgo(thread) < WINDOW_MS
    );
    expect(fresh.length).toBeGreaterThanOrEqual(1);
  });

  it('open Respond to Message tasks point at threads still waiting for the care team', () => {
    const tasks = resourcesOf('Task').filter(
      (task) =>
        task.code?.coding?.some(
          (coding) => coding.system === TASK_TYPE_SYSTEM && coding.code === 'respond-to-message'
        ) && task.status !== 'completed'
    );
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      const thread = byReference(task.focus?.reference) as Communication;
      expect(lastSenderType(thread)).toBe('Patient');
      expect(lastSentAgo(thread)).toBeGreaterThan(WINDOW_MS);
      // The bot raised the task after the window, and before now.
      const messageAt = Date.parse(messagesOf(thread).at(-1)?.sent ?? '');
      expect(Date.parse(task.authoredOn ?? '')).toBeGreaterThanOrEqual(messageAt + WINDOW_MS);
    }
  });
});
