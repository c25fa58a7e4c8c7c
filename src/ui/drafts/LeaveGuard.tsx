import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';

export const LEAVE_TITLE = 'Leave this page?';
export const LEAVE_TEXT = 'Your unsaved changes are kept as a draft on this device.';

/**
 * The path a guard let the user leave for: the other guards of the page do not ask again for the
 * same navigation (the router asks its blockers one after another).
 */
let approved: string | undefined;

interface LeaveGuardProps {
  /** Whether the form holds unsaved input at the moment of leaving. */
  unsaved: () => boolean;
  /**
   * The form is drawn on every page of its resource (the task's actions beside each of its tabs):
   * moving between those pages ('/Task/1/details' to '/Task/1/notes') leaves nothing behind.
   */
  onEveryPageOfResource?: boolean;
}

/** '/Task/1' of '/Task/1/notes': the resource a path's pages belong to. */
function resourceOf(pathname: string): string {
  return pathname.split('/').slice(0, 3).join('/');
}

/**
 * While a form holds unsaved input, leaving asks first: a navigation in the app to another page
 * opens 'Leave this page?', and closing or reloading the tab asks the browser's question.
 */
export function LeaveGuard({ unsaved, onEveryPageOfResource }: LeaveGuardProps) {
  const router = useRouter({ warn: false });
  return router ? (
    <RouterLeaveGuard unsaved={unsaved} onEveryPageOfResource={onEveryPageOfResource} />
  ) : (
    <UnloadGuard unsaved={unsaved} />
  );
}

function RouterLeaveGuard({ unsaved, onEveryPageOfResource }: LeaveGuardProps) {
  const shouldBlockFn = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => {
      if (next.pathname === current.pathname || next.pathname === approved) return false;
      if (onEveryPageOfResource && resourceOf(next.pathname) === resourceOf(current.pathname)) return false;
      return unsaved();
    },
    [unsaved, onEveryPageOfResource]
  );
  // The tab's own question (close, reload) comes from the unload guard below, with any history.
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: false, withResolver: true });
  useUnloadQuestion(unsaved);
  const leave = () => {
    approved = blocker.next?.pathname;
    setTimeout(() => (approved = undefined), 0);
    blocker.proceed?.();
  };
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title={LEAVE_TITLE}>
      <Text size="sm">{LEAVE_TEXT}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" mih={44} onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button mih={44} onClick={leave}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}

function UnloadGuard({ unsaved }: LeaveGuardProps) {
  useUnloadQuestion(unsaved);
  return null;
}

/** Closing or reloading the tab while `unsaved()` asks the browser's question. */
function useUnloadQuestion(unsaved: () => boolean): void {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
