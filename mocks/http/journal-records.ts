import { withAuthChanges, type AuthChanges, type AuthSnapshot } from '@mocks/auth/types';
import { withSent, type CapturedEmail } from '@mocks/email/mailbox';
import type { EngineChange } from '@mocks/engine/engine';
import { writtenResourceText } from '@mocks/engine/http';
import type { VersionRecord } from '@mocks/engine/store';
import { withKeyValueChange, type KeyValueChange } from '@mocks/keyvalue/keyvalue-service';
import type { FakeServerState } from '@mocks/server';

/**
 * What one journal record holds: one committed change. The durable store writes them and replays them
 * onto a loaded state; each kind says how in REPLAY below.
 */
export type JournalRecord =
  | { kind: 'versions'; projectId: string; versions: readonly VersionRecord[] }
  | { kind: 'project'; id: string; name: string }
  /** Written by older servers: the whole auth state. */
  | { kind: 'auth'; auth: AuthSnapshot }
  | { kind: 'auth-changes'; changes: AuthChanges }
  | { kind: 'clock'; offsetMs: number }
  | { kind: 'email'; email: CapturedEmail }
  | { kind: 'keyvalue'; change: KeyValueChange };

/** The record of the versions one request committed to one project. */
export function versionsRecord(change: EngineChange): JournalRecord {
  return { kind: 'versions', projectId: change.projectId, versions: change.versions };
}

/**
 * A versions record's JSON text, as JSON.stringify would write it, with each resource's text taken
 * from (and kept for) the write's answer, so a written resource is encoded once.
 */
export function versionsJson(record: Extract<JournalRecord, { kind: 'versions' }>): string {
  const versions = record.versions.map(({ resource, ...version }) => {
    const head = JSON.stringify(version);
    return resource ? `${head.slice(0, -1)},"resource":${writtenResourceText(resource)}}` : head;
  });
  return `{"kind":"versions","projectId":${JSON.stringify(record.projectId)},"versions":[${versions.join(',')}]}`;
}

/** How each kind of journal record is applied to a loaded state. */
const REPLAY: {
  [K in JournalRecord['kind']]: (state: FakeServerState, record: Extract<JournalRecord, { kind: K }>) => void;
} = {
  versions: (state, record) => {
    const { versions } = projectOf(state, record.projectId);
    for (const version of record.versions) versions.push(version);
  },
  project: (state, record) => projectOf(state, record.id, record.name),
  auth: (state, record) => (state.auth = record.auth),
  'auth-changes': (state, record) => (state.auth = withAuthChanges(state.auth, record.changes)),
  clock: (state, record) => (state.clockOffsetMs = record.offsetMs),
  email: (state, record) => (state.emails = withSent(state.emails, record.email)),
  keyvalue: (state, record) => (state.keyValues = withKeyValueChange(state.keyValues, record.change)),
};

/** Applies one journal record to a loaded state. */
export function replay(state: FakeServerState, record: JournalRecord): void {
  (REPLAY[record.kind] as (state: FakeServerState, record: JournalRecord) => void)(state, record);
}

function projectOf(
  state: FakeServerState,
  id: string,
  name = id
): FakeServerState['engine']['projects'][number] {
  let project = state.engine.projects.find((candidate) => candidate.id === id);
  if (!project) {
    project = { id, name, versions: [] };
    state.engine.projects.push(project);
  }
  return project;
}
