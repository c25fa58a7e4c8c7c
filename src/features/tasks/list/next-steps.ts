import { useEffect, useState } from 'react';
import { whenIdle } from '@/ui';

/**
 * Once a queue's rows are drawn (`drawn`), the code of its next steps is fetched in the browser's
 * next idle moment: the task page, so opening a task does not wait for the network or for parsing
 * it, and the New dialog. Says whether that moment has come; it stays true.
 */
export function usePreloadNextSteps(drawn: boolean): boolean {
  const [preloaded, setPreloaded] = useState(false);
  useEffect(() => {
    if (!drawn || preloaded) return undefined;
    return whenIdle(() => {
      void import('../task-page').catch(() => undefined);
      setPreloaded(true);
    });
  }, [drawn, preloaded]);
  return preloaded;
}
