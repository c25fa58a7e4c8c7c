import type { Task } from '@medplum/fhirtypes';
import { useCallback, useState } from 'react';
import { buildTaskChange, type TaskAction } from './actions';
import { announceSave } from './notify';
import { formatHumanName, type AppliedChange, type SaveState, useProfile, useSave } from '@/ui';

/** An action waiting for the user to confirm it. */
export interface PendingConfirmation {
  question: string;
  label: string;
  confirm: () => void;
  cancel: () => void;
}

export interface TaskCommand extends SaveState {
  /**
   * Runs an action on a task: asks first when the action says so, builds its change and saves it
   * (useSave: applied locally and queued), then shows the success toast; any error shows in a red
   * toast titled 'Error'. How the change ends on the server is told later by ChangeOutcomeWatcher.
   * Resolves with the applied change, or undefined when nothing was changed.
   */
  run<Input>(action: TaskAction<Input>, task: Task, input: Input): Promise<AppliedChange | undefined>;
  /** Set while an action waits for its confirmation (render ConfirmActionModal). */
  confirmation: PendingConfirmation | undefined;
}

/** The one command path of every task action. */
export function useTaskCommand(): TaskCommand {
  // A task action is drawn at once and told later (ChangeOutcomeWatcher): the buttons never wait.
  const { save, submitting, outcome } = useSave({ awaitServer: false });
  const { reference, profile } = useProfile();
  const [confirmation, setConfirmation] = useState<PendingConfirmation>();

  const execute = useCallback(
    async <Input>(
      action: TaskAction<Input>,
      task: Task,
      input: Input
    ): Promise<AppliedChange | undefined> => {
      // An input the action cannot use fails like a refused change: nothing is stored, the reason is shown.
      const result = await save(() => {
        const display = formatHumanName(profile?.name?.[0], { prefix: false, suffix: false });
        const me = { reference, ...(display ? { display } : {}) };
        const change = buildTaskChange(action, { task, me, now: new Date().toISOString() }, input);
        // A task action's warnings (a due date far off) are confirmed in its own dialog first.
        return { change, shown: task, acceptWarnings: true };
      });
      return announceSave(result, action.label(task), action.success);
    },
    [save, reference, profile]
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

  return { run, confirmation, submitting, outcome };
}
