import type { Bundle, Observation, Patient } from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { resourceColumns } from './columns';
import { exportCsv, exportTransactionBundle } from './export';

const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  meta: { versionId: '3', lastUpdated: '2024-01-01T00:00:00Z' },
  name: [{ given: ['Ana, "Annie"'], family: 'Lopez' }],
  birthDate: '1970-06-03',
  gender: 'female',
};
const other: Patient = { resourceType: 'Patient', id: 'p2', name: [{ family: '=HYPERLINK("x")' }] };
/** A result about a patient, pointing at it by its id on this server. */
const resultAbout = (subject: Patient): Observation => ({
  ...{ resourceType: 'Observation', id: 'o1', status: 'final' },
  ...{ code: { text: 'Potassium' }, subject: { reference: `Patient/${subject.id ?? ''}` } },
});
const observation = resultAbout(patient);

describe('the CSV export', () => {
  it('has a header of the columns, ID first, and one quoted row per resource', () => {
    const csv = exportCsv([patient, other], resourceColumns(['name', 'birthdate', 'gender']));
    expect(csv.split('\r\n')).toEqual([
      'ID,Name,Birthdate,Gender',
      'p1,"Ana, ""Annie"" Lopez",1970-06-03,female',
      // A cell a spreadsheet would run as a formula is kept as text.
      `p2,"'=HYPERLINK(""x"")",,`,
    ]);
  });
});

describe('the transaction Bundle export', () => {
  let h: ReplicaHarness;
  beforeEach(async () => {
    h = await replicaHarness();
  });
  afterEach(() => h.stop());

  it('is a transaction the server accepts, creating each resource with references between them kept', async () => {
    const bundle = exportTransactionBundle([patient, observation]);
    expect(bundle.type).toBe('transaction');
    expect(bundle.entry?.map((entry) => entry.request?.method)).toEqual(['POST', 'POST']);
    const answer = await h.fhir.api.post<Bundle>(h.fhir.url(''), bundle, {
      headers: { 'Content-Type': 'application/fhir+json' },
    });
    const locations = answer.entry?.map((entry) => entry.response?.location ?? '') ?? [];
    expect(locations.map((location) => location.split('/')[0])).toEqual(['Patient', 'Observation']);
    const patientId = locations[0]?.split('/')[1] ?? '';
    const created = await h.fhir.read<Observation>('Observation', locations[1]?.split('/')[1] ?? '');
    expect(created.subject?.reference).toBe(`Patient/${patientId}`);
    expect(patientId).not.toBe('p1');
  });
});
