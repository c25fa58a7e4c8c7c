import type { Patient, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { outcomeOf, type OutboxEntry, type ResourceState } from '@/ui';
import { refusedEdits } from './refused-edits';

const server: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  meta: { versionId: '4' },
  birthDate: '1975-04-21',
};
// What the server answered; only its identity matters here.
const outcome = outcomeOf(new Error('Invalid date'));

const entry = (seq: number, kind: OutboxEntry['kind'], extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  seq,
  key: 'Patient/p1',
  resourceType: 'Patient',
  resourceId: 'p1',
  kind,
  operations: [],
  commutes: false,
  label: 'Edit Patient',
  createdAt: '2026-01-01T00:00:00.000Z',
  attempts: 0,
  notBefore: 0,
  state: 'failed',
  revision: 1,
  ...extra,
});

const state = (failures: OutboxEntry[], pending = 0): ResourceState<Resource> => ({
  resource: { ...server, birthDate: '12345-04-21' } as Patient,
  record: {
    key: 'Patient/p1',
    resourceType: 'Patient',
    id: 'p1',
    resource: server,
    server,
    pending,
    deleted: 0,
    lastUpdated: '',
  },
  pending,
  conflicts: [],
  inConflict: false,
  failures,
  deleted: false,
  found: true,
  loading: false,
});

describe('the refused edits of a resource, for its edit form', () => {
  it('gives the latest refusal with the outcome the server sent', () => {
    const refused = refusedEdits(
      state([entry(1, 'patch', { error: 'Old' }), entry(2, 'patch', { outcome })])
    );
    expect(refused.outcome).toBe(outcome);
    expect(refused.entries.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('words an outcome from the error text when the server sent none', () => {
    const refused = refusedEdits(state([entry(1, 'patch', { error: 'Server said no' })]));
    expect(refused.outcome?.issue?.[0]?.details?.text).toBe('Server said no');
  });

  it("gives a refused create's outcome too", () => {
    expect(refusedEdits(state([entry(1, 'create', { outcome })])).outcome).toBe(outcome);
  });

  it('has nothing to say about a resource without refusals', () => {
    expect(refusedEdits(state([]))).toEqual({ entries: [] });
    expect(refusedEdits(undefined)).toEqual({ entries: [] });
  });
});
