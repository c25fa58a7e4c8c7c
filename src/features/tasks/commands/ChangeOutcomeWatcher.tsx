import { useEffect } from 'react';
import { useOutboxAndConflicts } from '../data/hooks';
import { CONFLICT_TEXT, showError } from './notify';
import { judgeChange, watchedChanges } from './watched-changes';

/**
 * Tells the user how the changes made from the task screens ended on the server: a conflict shows
 * 'Another user modified the task.', a refusal the server's words, both in a red toast. Renders
 * nothing; mounted once for the signed-in app (in the side menu).
 */
export function ChangeOutcomeWatcher() {
  const state = useOutboxAndConflicts();
  useEffect(() => {
    if (!state) return;
    const now = Date.now();
    for (const watched of watchedChanges.list()) {
      const verdict = judgeChange(watched, state.outbox, state.conflicts, now);
      if (verdict.kind === 'waiting') {
        if (verdict.seen) watchedChanges.markSeen(watched.seq);
        continue;
      }
      watchedChanges.remove(watched.seq);
      if (verdict.kind === 'conflict') showError(CONFLICT_TEXT);
      if (verdict.kind === 'failed') showError(verdict.error);
    }
  }, [state]);
  return null;
}
