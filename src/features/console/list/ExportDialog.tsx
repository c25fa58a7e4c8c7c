import { Alert, Button, Divider, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useFhirClient } from '@/ui';
import type { ResourceColumn } from './columns';
import { downloadText, EXPORT_LIMIT, exportFile, type ExportFormat } from './export';
import { DialogActions } from './DialogActions';
import { ExportButton } from './ExportButton';
import { matchesOf } from './use-resource-list';

export interface ExportDialogProps {
  opened: boolean;
  resourceType: string;
  /** The list's search without its page: filters and sort. */
  query: URLSearchParams;
  columns: readonly ResourceColumn[];
  onClose: () => void;
}

/**
 * The Export dialog: the list's whole search (at most 1000 records, read from the server) saved as
 * CSV of the shown columns or as a transaction Bundle; and the type's bulk NDJSON export.
 */
export function ExportDialog({ opened, resourceType, query, columns, onClose }: ExportDialogProps) {
  const fhir = useFhirClient({ cached: false });
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [state, setState] = useState<{ status: 'idle' | 'running' } | { status: 'error'; message: string }>({
    status: 'idle',
  });

  const run = async () => {
    setState({ status: 'running' });
    try {
      const params = new URLSearchParams(query);
      params.delete('_offset');
      params.set('_count', String(EXPORT_LIMIT));
      const resources = matchesOf(await fhir.search(resourceType, params), resourceType);
      const file = exportFile(resourceType, format, resources, columns);
      downloadText(file.name, file.type, file.text);
      setState({ status: 'idle' });
      onClose();
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Export">
      <Stack>
        <Radio.Group label="Format" value={format} onChange={(value) => setFormat(value as ExportFormat)}>
          <Stack gap="xs" mt="xs">
            <Radio value="csv" label="CSV" />
            <Radio value="transaction" label="Transaction Bundle" />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          At most {EXPORT_LIMIT.toLocaleString('en-US')} records.
        </Text>
        {state.status === 'error' && (
          <Alert color="red" title="Export failed">
            {state.message}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button loading={state.status === 'running'} onClick={() => void run()}>
            Export
          </Button>
        </DialogActions>
        <Divider label="Every resource of the type" />
        <ExportButton resourceType={resourceType} />
      </Stack>
    </Modal>
  );
}
