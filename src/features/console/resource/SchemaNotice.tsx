import { Alert, Center, Loader } from '@mantine/core';
import type { SchemaState } from '@/ui';

/** What stands in for a schema-driven view until the schema is known: a loader, or why it is missing. */
export function SchemaNotice({ schema }: { schema: Exclude<SchemaState, { status: 'ready' }> }) {
  if (schema.status === 'loading') {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading schema" />
      </Center>
    );
  }
  return (
    <Alert color="red" title="Missing schema">
      {schema.message}
    </Alert>
  );
}
