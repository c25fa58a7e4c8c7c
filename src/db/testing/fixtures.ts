import type { Patient, Resource, Task } from '@medplum/fhirtypes';
import { resourceKey, type OutboxEntry, type StoredResource } from '../types';

/** A stored record of `resource` as the sync engine would write it, before field derivation. */
export function recordOf(resource: Resource, extra: Partial<StoredResource> = {}): StoredResource {
  const id = resource.id ?? '';
  return {
    key: resourceKey(resource.resourceType, id),
    resourceType: resource.resourceType,
    id,
    resource,
    server: resource,
    pending: 0,
    deleted: 0,
    lastUpdated: '',
    ...extra,
  };
}

export function patient(id: string, state: string | undefined): Patient {
  return {
    resourceType: 'Patient',
    id,
    meta: { versionId: '1', lastUpdated: '2026-01-01T00:00:00.000Z' },
    name: [{ family: `Family ${id}` }],
    address: state === undefined ? [] : [{ city: 'Town', state }],
  };
}

export function task(id: string, fields: Partial<Task> = {}): Task {
  return {
    resourceType: 'Task',
    id,
    meta: { versionId: '1', lastUpdated: '2026-01-02T00:00:00.000Z' },
    status: 'ready',
    intent: 'order',
    ...fields,
  };
}

/** An outbox entry as a task action writes it. */
export function outboxEntry(key: string, label: string, fields: Partial<OutboxEntry> = {}): OutboxEntry {
  const [resourceType = '', resourceId = ''] = key.split('/');
  return {
    key,
    resourceType,
    resourceId,
    kind: 'patch',
    operations: [{ op: 'replace', path: '/status', value: 'in-progress' }],
    baseVersionId: '1',
    commutes: false,
    label,
    createdAt: '2026-01-03T00:00:00.000Z',
    attempts: 0,
    notBefore: 0,
    state: 'pending',
    revision: 1,
    ...fields,
  };
}
