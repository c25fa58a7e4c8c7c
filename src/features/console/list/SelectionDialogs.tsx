import { Alert, Button, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { Bot, Bundle, Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { deleteChange, outcomeText, useFhirClient, useSave, useServerRead } from '@/ui';
import { DialogActions } from './DialogActions';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const label = (resource: Resource) => `${resource.resourceType}/${resource.id ?? ''}`;

export interface SelectionDialogProps {
  opened: boolean;
  selected: readonly Resource[];
  onClose: () => void;
  /** Called after the action ran, so the list can forget the selection. */
  onDone: () => void;
}

/**
 * Delete...: asks before deleting the selected resources. Each delete goes through the outbox as a
 * task action does: durable here at once, sent to the server when it can be, a refusal shown with
 * the server's words among the failed changes.
 */
export function DeleteDialog({ opened, selected, onClose, onDone }: SelectionDialogProps) {
  const { save, submitting, outcome } = useSave();
  const error = outcome ? outcomeText(outcome) : undefined;

  // One delete after another; the first that cannot be stored stops the rest, with its words.
  const run = async () => {
    for (const resource of selected) {
      if (!(await save({ change: deleteChange(resource) })).ok) return;
    }
    onDone();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Delete">
      <Stack>
        <Text>Delete {selected.length === 1 ? 'this resource' : `these ${selected.length} resources`}?</Text>
        <List size="sm">
          {selected.slice(0, 10).map((resource) => (
            <List.Item key={label(resource)}>{label(resource)}</List.Item>
          ))}
          {selected.length > 10 && <List.Item>and {selected.length - 10} more</List.Item>}
        </List>
        {error && (
          <Alert color="red" title="Delete failed">
            {error}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button color="red" loading={submitting} onClick={() => void run()}>
            Delete
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** Bulk...: runs a chosen Bot ($execute) once for each selected resource, the resource as its input. */
export function BulkDialog({ opened, selected, onClose, onDone }: SelectionDialogProps) {
  const fhir = useFhirClient({ cached: false });
  const bots = useServerRead(opened ? 'bulk-bots' : null, (client) =>
    client.search('Bot', { _count: '100', _sort: 'name' }, { noCache: true })
  );
  const [botId, setBotId] = useState('');
  const [outcome, setOutcome] = useState<{ ok: number; errors: string[] } | undefined>();
  const [running, setRunning] = useState(false);

  const list: Bot[] =
    bots.status === 'ready'
      ? ((bots.data as Bundle).entry ?? []).flatMap((entry) =>
          entry.resource?.resourceType === 'Bot' ? [entry.resource] : []
        )
      : [];

  const run = async () => {
    setRunning(true);
    const errors: string[] = [];
    let ok = 0;
    for (const resource of selected) {
      try {
        await fhir.api.post(fhir.url(`Bot/${botId}/$execute`), resource, {
          headers: { 'Content-Type': 'application/fhir+json' },
        });
        ok++;
      } catch (error) {
        errors.push(`${label(resource)}: ${errorText(error)}`);
      }
    }
    setRunning(false);
    setOutcome({ ok, errors });
    if (errors.length === 0) onDone();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Bulk">
      <Stack>
        <Text size="sm">
          Run a bot on{' '}
          {selected.length === 1 ? 'the selected resource' : `the ${selected.length} selected resources`}.
        </Text>
        {bots.status === 'error' && <Alert color="red">{bots.message}</Alert>}
        {bots.status === 'offline' && (
          <Alert color="orange">Bots run on the server: connect to run one.</Alert>
        )}
        <NativeSelect
          label="Bot"
          value={botId}
          data={[
            { value: '', label: bots.status === 'loading' ? 'Loading...' : 'Choose a bot' },
            ...list.map((bot) => ({ value: bot.id ?? '', label: bot.name ?? bot.id ?? '' })),
          ]}
          onChange={(event) => setBotId(event.currentTarget.value)}
        />
        {outcome && (
          <Alert color={outcome.errors.length > 0 ? 'red' : 'green'} title={`${outcome.ok} done`}>
            {outcome.errors.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}
        <DialogActions onCancel={onClose} cancel="Close">
          <Button disabled={!botId} loading={running} onClick={() => void run()}>
            Run
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
