import type { StructureDefinition } from '@medplum/fhirtypes';
import { useEffect } from 'react';
import { useReplicaContext } from '../ReplicaProvider';
import { useServerRead } from '../hooks/use-server';
import { useReplicaQuery } from '../use-replica-query';
import { fetchSchema, indexDefinitions, isSchemaLoaded, schemaKey } from './definitions';

/** Whether a type's schema can be read with @medplum/core's getDataType, and why not. */
export type SchemaState =
  | { status: 'loading' }
  | { status: 'ready' }
  /** The server has no definition of the type. */
  | { status: 'missing'; message: string }
  /** Not kept on this device, and the server cannot be reached. */
  | { status: 'offline'; message: string }
  | { status: 'error'; message: string };

const READY: SchemaState = { status: 'ready' };

/**
 * Makes a resource type's StructureDefinition known to @medplum/core's schema: from this session's
 * index, else the replica's copy (offline too), else the server, once; what the server answers is
 * kept in the replica for the next time.
 */
export function useSchema(resourceType: string): SchemaState {
  const { service } = useReplicaContext();
  const known = isSchemaLoaded(resourceType);
  const cached = useReplicaQuery(
    async (reader) => (known ? null : ((await reader.definition(schemaKey(resourceType))) ?? null)),
    [resourceType, known]
  );
  const fromServer = useServerRead(
    !known && cached === null ? `StructureDefinition?type=${resourceType}` : null,
    (fhir) => fetchSchema(fhir, resourceType)
  );
  const fetched = fromServer.status === 'ready' && fromServer.data.length > 0 ? fromServer.data : undefined;
  const definitions = cached ? (cached.value as StructureDefinition[]) : fetched;
  useEffect(() => {
    if (!fetched) return;
    const row = { key: schemaKey(resourceType), value: fetched, fetchedAt: new Date().toISOString() };
    // Kept for offline use; when it cannot be stored the schema is simply fetched again next time.
    void service.keepDefinitions([row]).catch(() => undefined);
  }, [fetched, resourceType, service]);

  if (known) return READY;
  if (definitions) {
    // Indexing is idempotent and synchronous: the schema is readable in this very render.
    indexDefinitions(definitions);
    return READY;
  }
  if (cached === undefined) return { status: 'loading' };
  switch (fromServer.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading' };
    case 'offline':
      return {
        status: 'offline',
        message: `The schema of ${resourceType} is not kept on this device, and the server cannot be reached.`,
      };
    case 'error':
      return {
        status: 'error',
        message: `The schema of ${resourceType} could not be loaded: ${fromServer.message}`,
      };
    case 'ready':
      return { status: 'missing', message: `No schema for ${resourceType}` };
  }
}
