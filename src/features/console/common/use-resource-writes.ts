import type { OperationOutcome } from '@medplum/fhirtypes';
import { useState } from 'react';
import { useCommands, type AppliedChange, type LocalChange } from '@/ui';
import { outcomeOf } from './outcome';

export interface ResourceWrites {
  /**
   * Stores the change locally and in the outbox (durable before it resolves), the task actions' one
   * path; the sync engine sends it. Resolves with the applied change, or undefined when it was refused
   * here (its words are then in `outcome`).
   */
  apply(change: LocalChange): Promise<AppliedChange | undefined>;
  outcome?: OperationOutcome;
  submitting: boolean;
}

/** The console's writes: every create, edit and delete through the outbox, online or offline. */
export function useResourceWrites(): ResourceWrites {
  const { applyChange } = useCommands();
  const [outcome, setOutcome] = useState<OperationOutcome>();
  const [submitting, setSubmitting] = useState(false);
  return {
    outcome,
    submitting,
    async apply(change) {
      setSubmitting(true);
      setOutcome(undefined);
      try {
        return await applyChange(change);
      } catch (error) {
        setOutcome(outcomeOf(error));
        return undefined;
      } finally {
        setSubmitting(false);
      }
    },
  };
}
