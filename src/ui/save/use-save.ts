import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { useCallback, useState } from 'react';
import type { AppliedChange, LocalChange } from '@/sync/engine/types';
import { useCommands } from '../hooks/use-commands';
import { checkChange } from './check-resource';

/** What a form asks to save: one change, and the resource as its screen shows it. */
export interface SaveRequest {
  /** The change to queue; undefined when the form changed nothing. */
  change: LocalChange | undefined;
  /** The resource as the screen shows it: every screen draws the change over it at once (useCommands). */
  shown?: Resource;
  /** The user saw the warnings of this change (implausible values) and saves anyway. */
  acceptWarnings?: boolean;
}

/**
 * How a save ended. ok: the change is durable on this device and queued for the server (`applied`),
 * or there was nothing to change (no `applied`). Not ok: nothing was stored, and `outcome` says why,
 * its issues under their fields; `confirm`: they are only warnings, and saving again with
 * `acceptWarnings` stores the change.
 */
export type SaveResult =
  | { ok: true; applied?: AppliedChange }
  | { ok: false; outcome: OperationOutcome; confirm?: boolean };

/** The state every form shows while and after it saves. */
export interface SaveState {
  /** True while a change is being made durable. */
  submitting: boolean;
  /** Why the last save did not store its change; cleared when the next one starts. */
  outcome?: OperationOutcome;
}

export interface Save extends SaveState {
  /**
   * Queues the change through the outbox (durable before it resolves), the one write path of every
   * form. Given a function, it is called first, and whatever it throws (an input the change cannot
   * be made from, a read that failed) is reported like a change the replica refused.
   */
  save(request: SaveRequest | (() => SaveRequest | Promise<SaveRequest>)): Promise<SaveResult>;
  /** Forgets the last failure (a form closed and opened again). */
  reset(): void;
}

/** An error in the words a form shows: one issue with the error's message. */
export function outcomeOf(error: unknown): OperationOutcome {
  let text = 'Something went wrong';
  if (error instanceof Error) text = error.message;
  else if (typeof error === 'string') text = error;
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'processing', details: { text } }],
  };
}

/**
 * The one save of every form (resource edit and create, clinical dialogs, questionnaire responses,
 * task actions): it queues the form's change with useCommands().applyChange and keeps one
 * submitting/failure state for the form to draw.
 */
export function useSave(): Save {
  const { applyChange } = useCommands();
  const [running, setRunning] = useState(0);
  const [outcome, setOutcome] = useState<OperationOutcome>();

  const save = useCallback(
    async (request: SaveRequest | (() => SaveRequest | Promise<SaveRequest>)): Promise<SaveResult> => {
      setRunning((count) => count + 1);
      setOutcome(undefined);
      try {
        const { change, shown, acceptWarnings } = typeof request === 'function' ? await request() : request;
        if (!change) return { ok: true };
        // What the change would produce is judged first: an invalid or implausible value queues nothing.
        const verdict = checkChange(change, shown, { acceptWarnings });
        if (verdict) {
          setOutcome(verdict.outcome);
          return { ok: false, outcome: verdict.outcome, ...(verdict.confirm ? { confirm: true } : {}) };
        }
        return { ok: true, applied: await applyChange(change, shown) };
      } catch (error) {
        const failure = outcomeOf(error);
        setOutcome(failure);
        return { ok: false, outcome: failure };
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [applyChange]
  );
  const reset = useCallback(() => setOutcome(undefined), []);

  return { save, reset, submitting: running > 0, outcome };
}
