import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

type NewTaskModalProps = ComponentProps<typeof import('./NewTaskModal').NewTaskModal>;

/**
 * The New dialog as it was mounted before: closed first, then open. A dialog mounted already open
 * would not know which button to give the focus back to when it closes.
 */
const LoadedNewTaskModal = lazy(async () => {
  const { NewTaskModal } = await import('./NewTaskModal');
  return {
    default: function MountedClosedFirst({ opened, onClose }: NewTaskModalProps) {
      const [mounted, setMounted] = useState(false);
      useEffect(() => setMounted(true), []);
      return <NewTaskModal opened={opened && mounted} onClose={onClose} />;
    },
  };
});

/**
 * The New dialog, its code (the form, its inputs, drafts and the check before saving) fetched once
 * `load` says the queue's rows are drawn, or when New is pressed first: a queue's first rows do not
 * wait for it. Once in the page it stays, closed, and restores the form's draft as before.
 */
export function NewTaskModal({ opened, onClose, load }: NewTaskModalProps & { load: boolean }) {
  const [wanted, setWanted] = useState(false);
  if ((load || opened) && !wanted) setWanted(true);
  if (!wanted && !opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedNewTaskModal opened={opened} onClose={onClose} />
    </Suspense>
  );
}
