import { Alert, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ChoicePreview } from '@/sync/service/types';
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
  const [asked, setAsked] = useState<'mine' | 'theirs'>();
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
        {asked ? (
          <ConfirmChoice
            action={asked === 'mine' ? 'Apply mine again' : 'Keep theirs'}
            effect={
              asked === 'mine'
                ? `“${conflict.label}” is sent again on top of their version.`
                : `“${conflict.label}” is discarded; their version stays.`
            }
            preview={() => commands.previewConflictChoice(conflict.seq, asked)}
            busy={busy}
            onConfirm={() => resolve(asked)}
            onCancel={() => setAsked(undefined)}
          />
        ) : (
          <Group gap="sm">
            <Button style={TOUCH} onClick={() => setAsked('mine')}>
              Apply mine again
            </Button>
            <Button style={TOUCH} variant="default" onClick={() => setAsked('theirs')}>
              Keep theirs
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}

/** One change the server refused, with its words, 'Retry' and 'Dismiss'. */
/**
 * Where a refused change is fixed: a task's page for a task, else the resource's edit form, which
 * shows the refused values with the server's words under their fields; saving there replaces the
 * refused change. A refused delete has no form.
 */
export function fixPath(entry: OutboxEntry): string | undefined {
  if (entry.kind === 'delete') return undefined;
  const id = encodeURIComponent(entry.resourceId);
  return entry.resourceType === 'Task' ? `/Task/${id}/details` : `/${entry.resourceType}/${id}/edit`;
}

/** 'Fix', unless the page already is where the change is fixed. */
function FixLink({ entry }: { entry: OutboxEntry }) {
  const here = useLocation({ select: (location) => location.pathname });
  const path = fixPath(entry);
  if (!path || path === here) return null;
  return (
    <Button style={TOUCH} renderRoot={(props) => <Link {...props} to={path} />}>
      Fix
    </Button>
  );
}

export function FailureItem({ entry }: { entry: OutboxEntry }) {
  const commands = useCommands();
  const { busy, error, run } = useBusyAction();
  const seq = entry.seq ?? 0;
  const [asked, setAsked] = useState(false);
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
        {asked ? (
          <ConfirmChoice
            action="Dismiss"
            effect={`“${entry.label}” is discarded.`}
            preview={() => commands.previewDismiss(seq)}
            busy={busy}
            onConfirm={() => act(commands.dismissFailure)}
            onCancel={() => setAsked(false)}
          />
        ) : (
          <Group gap="sm">
            <FixLink entry={entry} />
            <Button
              style={TOUCH}
              variant={fixPath(entry) ? 'default' : 'filled'}
              loading={busy}
              onClick={() => act(commands.retryFailure)}
            >
              Retry
            </Button>
            <Button style={TOUCH} variant="default" disabled={busy} onClick={() => setAsked(true)}>
              Dismiss
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}

interface ConfirmChoiceProps {
  /** The button's words, the same as the one that asked ('Keep theirs'). */
  action: string;
  /** What the choice does to the change it is about. */
  effect: string;
  /** The other changes the choice would discard, asked for when the confirmation opens. */
  preview: () => Promise<ChoicePreview>;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation of a choice that discards changes: before anything happens it says what the
 * choice does and which other changes it discards ("Also discards: Add Note"), or that it discards
 * nothing else; it can be confirmed only once that is known.
 */
function ConfirmChoice({ action, effect, preview, busy, onConfirm, onCancel }: ConfirmChoiceProps) {
  const [dropped, setDropped] = useState<string[]>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    let current = true;
    preview().then(
      (answer) => current && setDropped(answer.dropped),
      (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error))
    );
    return () => {
      current = false;
    };
    // Asked once, when the confirmation opens: what the choice discards is shown as it was then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Stack gap="xs" role="group" aria-label={`Confirm: ${action}`}>
      <Text size="sm">{effect}</Text>
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      {dropped && (
        <Text size="sm" fw={dropped.length > 0 ? 600 : undefined}>
          {dropped.length > 0 ? `Also discards: ${dropped.join(', ')}` : 'Nothing else is discarded.'}
        </Text>
      )}
      <Group gap="sm">
        <Button style={TOUCH} loading={busy} disabled={!dropped} onClick={onConfirm}>
          {action}
        </Button>
        <Button style={TOUCH} variant="default" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
