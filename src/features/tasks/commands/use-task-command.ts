import type { Task } from '@medplum/fhirtypes';
import { useCallback, useState } from 'react';
import { buildTaskChange, type TaskAction } from './actions';
import { errorMessage, showError, showSuccess } from './notify';
import { watchedChanges } from './watched-changes';
import { formatHumanName, type AppliedChange, useCommands, useProfile } from '@/ui';

/** An action waiting for the user to confirm it. */
export interface PendingConfirmation {
  question: string;
  label: string;
  confirm: () => void;
  cancel: () => void;
}

export interface TaskCommand {
  /**
   * Runs an action on a task: asks first when the action says so, builds its change, applies it
   * locally and queues it (applyChange), then shows the success toast; any error shows in a red toast
   * titled 'Error'. How the change ends on the server is told later by ChangeOutcomeWatcher.
   * Resolves with the applied change, or undefined when nothing was changed.
   */
  run<Input>(action: TaskAction<Input>, task: Task, input: Input): Promise<AppliedChange | undefined>;
  /** Set while an action waits for its confirmation (render ConfirmActionModal). */
  confirmation: PendingConfirmation | undefined;
  /** True while a change is being stored. */
  busy: boolean;
}

/** The one command path of every task action. */
export function useTaskCommand(): TaskCommand {
  const { applyChange } = useCommands();
  const { reference, profile } = useProfile();
  const [confirmation, setConfirmation] = useState<PendingConfirmation>();
  const [busy, setBusy] = useState(false);

  const execute = useCallback(
    async <Input>(
      action: TaskAction<Input>,
      task: Task,
      input: Input
    ): Promise<AppliedChange | undefined> => {
      setBusy(true);
      try {
        const display = formatHumanName(profile?.name?.[0], { prefix: false, suffix: false });
        const me = { reference, ...(display ? { display } : {}) };
        const change = buildTaskChange(action, { task, me, now: new Date().toISOString() }, input);
        const applied = await applyChange(change, task);
        watchedChanges.add(applied.seq, change.label);
        showSuccess(action.success);
        return applied;
      } catch (error) {
        showError(errorMessage(error));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [applyChange, reference, profile]
  );

  const run = useCallback(
    <Input>(action: TaskAction<Input>, task: Task, input: Input): Promise<AppliedChange | undefined> => {
      if (!action.confirm) return execute(action, task, input);
      const question = action.confirm;
      return new Promise((resolve) => {
        setConfirmation({
          question,
          label: action.label(task),
          confirm: () => {
            setConfirmation(undefined);
            void execute(action, task, input).then(resolve);
          },
          cancel: () => {
            setConfirmation(undefined);
            resolve(undefined);
          },
        });
      });
    },
    [execute]
  );

  return { run, confirmation, busy };
}
