import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFhirClient, useSyncStatus } from '@/ui';

/** One exported file, ready to save: its type, how many resources it holds, and a local URL. */
interface ExportedFile {
  type: string;
  count: number;
  href: string;
}

type ExportState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; files: ExportedFile[] }
  | { status: 'error'; message: string };

/**
 * Exports every resource of a type from the server (Bulk Data $export, an async job the client
 * polls) and offers each NDJSON file as a download. It needs the network, as the export runs there.
 */
export function ExportButton({ resourceType }: { resourceType: string }) {
  const fhir = useFhirClient();
  const { online } = useSyncStatus();
  const [state, setState] = useState<ExportState>({ status: 'idle' });

  // The files' local URLs hold their text in memory until the page leaves them behind.
  useEffect(() => {
    if (state.status !== 'done') return undefined;
    return () => state.files.forEach((file) => URL.revokeObjectURL(file.href));
  }, [state]);

  const run = async (): Promise<void> => {
    setState({ status: 'running' });
    try {
      const manifest = await fhir.bulkExport({ types: [resourceType] });
      const files: ExportedFile[] = [];
      for (const output of manifest.output) {
        const text = await fhir.downloadText(output.url);
        const blob = new Blob([text], { type: 'application/fhir+ndjson' });
        const count = output.count ?? text.split('\n').filter(Boolean).length;
        files.push({ type: output.type, count, href: URL.createObjectURL(blob) });
      }
      setState({ status: 'done', files });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button
        size="xs"
        variant="default"
        loading={state.status === 'running'}
        disabled={online === false}
        title={online === false ? 'Exporting needs a connection to the server' : undefined}
        onClick={() => void run()}
      >
        Export NDJSON
      </Button>
      {state.status === 'done' &&
        (state.files.length === 0 ? (
          <Text size="xs" c="dimmed">
            Nothing to export
          </Text>
        ) : (
          <Group gap="xs">
            {state.files.map((file) => (
              <Anchor key={file.href} size="xs" href={file.href} download={`${file.type}.ndjson`}>
                {`${file.type}.ndjson (${file.count})`}
              </Anchor>
            ))}
          </Group>
        ))}
      {state.status === 'error' && (
        <Alert color="red" p={6} title="Export failed">
          <Text size="xs">{state.message}</Text>
        </Alert>
      )}
    </Stack>
  );
}
