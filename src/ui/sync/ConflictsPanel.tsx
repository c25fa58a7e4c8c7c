import { Alert, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import { useCommands } from '../hooks/use-commands';
import { useMountedWhileOpen } from '../dialogs/use-mounted-while-open';
import { useSyncIssues } from '../hooks/use-sync-status';
import { SimpleTable } from '../list/SimpleTable';
import { differences, resourceTitle } from './differences';

/** The words the product uses for a version conflict of a task. */
export const CONFLICT_MESSAGE = 'Another user modified the task.';

/** The words for a version conflict of any resource: a task's as the product says them, else its type's. */
export function conflictMessage(key: string): string {
  const resourceType = key.split('/')[0] ?? '';
  return resourceType === 'Task' ? CONFLICT_MESSAGE : `Another user modified this ${resourceType}.`;
}

const TOUCH = { minHeight: 44 };

/**
 * Runs one resolving action at a time: busy while it runs, its failure's words kept to show. Once it
 * succeeds the item usually disappears, so busy stays set until then.
 */
function useBusyAction(): {
  busy: boolean;
  error: string | undefined;
  run: (work: () => Promise<void>) => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = (work: () => Promise<void>): void => {
    setBusy(true);
    setError(undefined);
    work().then(
      () => setBusy(false),
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
        setBusy(false);
      }
    );
  };
  return { busy, error, run };
}

export interface ConflictsPanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The changes that need the user: each conflict (what I did, the task, mine vs theirs) with 'Apply
 * mine again' and 'Keep theirs'; each change the server refused, with its words, 'Retry' and 'Dismiss'.
 */
export function ConflictsPanel({ opened, onClose }: ConflictsPanelProps) {
  // Its read of the outbox runs only while it is open: the header holds it on every page.
  const { mounted, onExitTransitionEnd } = useMountedWhileOpen(opened);
  if (!mounted) return null;
  return <OpenConflictsPanel opened={opened} onClose={onClose} onExitTransitionEnd={onExitTransitionEnd} />;
}

function OpenConflictsPanel({
  opened,
  onClose,
  onExitTransitionEnd,
}: ConflictsPanelProps & { onExitTransitionEnd: () => void }) {
  const { conflicts, failures } = useSyncIssues();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      position="right"
      size="lg"
      title="Conflicts and failed changes"
    >
      <Stack gap="md">
        {conflicts.length === 0 && failures.length === 0 && (
          <Text c="dimmed">Nothing needs your attention.</Text>
        )}
        {conflicts.map((conflict) => (
          <ConflictCard key={conflict.seq} conflict={conflict} />
        ))}
        {failures.map((entry) => (
          <FailureItem key={entry.seq} entry={entry} />
        ))}
      </Stack>
    </Drawer>
  );
}

/**
 * One conflict: what I did, on which resource, mine against theirs field by field, and the choice
 * 'Apply mine again' or 'Keep theirs'. Shown in the panel and on the page of the resource itself.
 */
export function ConflictCard({ conflict }: { conflict: ConflictRecord }) {
  const commands = useCommands();
  const { busy, error, run } = useBusyAction();
  const rows = differences(conflict.mine, conflict.theirs);
  const title = resourceTitle(conflict.theirs ?? conflict.mine, conflict.key);
  const resolve = (choice: 'mine' | 'theirs') => run(() => commands.resolveConflict(conflict.seq, choice));

  return (
    <section aria-label={`Conflict: ${conflict.label}`}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {conflict.label}
        </Title>
        <Text size="sm">{title}</Text>
        <Alert color="orange" p="xs">
          {conflictMessage(conflict.key)}
        </Alert>
        {rows.length > 0 && (
          <SimpleTable
            withTableBorder
            striped
            fz="sm"
            verticalSpacing={undefined}
            columns={['Field', 'Mine', 'Theirs']}
            rows={rows.map((row) => ({ key: row.field, cells: [row.field, row.mine, row.theirs] }))}
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button style={TOUCH} loading={busy} onClick={() => resolve('mine')}>
            Apply mine again
          </Button>
          <Button style={TOUCH} variant="default" disabled={busy} onClick={() => resolve('theirs')}>
            Keep theirs
          </Button>
        </Group>
      </Stack>
    </section>
  );
}

/** One change the server refused, with its words, 'Retry' and 'Dismiss'. */
export function FailureItem({ entry }: { entry: OutboxEntry }) {
  const commands = useCommands();
  const { busy, error, run } = useBusyAction();
  const seq = entry.seq ?? 0;
  const act = (action: (seq: number) => Promise<void>) => run(() => action(seq));

  return (
    <section aria-label={`Failed: ${entry.label}`}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {entry.label}
        </Title>
        <Text size="sm">{resourceTitle(entry.resource, entry.key)}</Text>
        <Alert color="red" p="xs">
          {entry.error ?? 'The server refused this change.'}
        </Alert>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button style={TOUCH} loading={busy} onClick={() => act(commands.retryFailure)}>
            Retry
          </Button>
          <Button
            style={TOUCH}
            variant="default"
            disabled={busy}
            onClick={() => act(commands.dismissFailure)}
          >
            Dismiss
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
