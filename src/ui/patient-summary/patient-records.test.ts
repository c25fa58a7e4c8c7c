import type { Observation, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { bloodPressureObservation, smokingObservation } from '@/fhir/clinical-rules';
import type { StoredResource } from '@/db/types';
import { patientRecords, SUMMARY_LIST_COUNT } from './patient-records';

const NOW = new Date('2025-03-10T12:00:00Z');
const recorded = { subject: { reference: 'Patient/p1' }, effectiveDateTime: '2025-03-01T09:00:00Z' };

function stored(
  resource: Resource,
  lastUpdated: string,
  extra: Partial<StoredResource> = {}
): StoredResource {
  const key = `${resource.resourceType}/${resource.id ?? ''}`;
  const dated = { ...resource, meta: { lastUpdated } };
  return {
    key,
    resourceType: resource.resourceType,
    id: resource.id ?? '',
    resource: dated,
    server: dated,
    pending: 0,
    deleted: 0,
    lastUpdated,
    ...extra,
  };
}

const pressure = (id: string, subject = 'Patient/p1'): Observation => ({
  ...bloodPressureObservation(
    { systolic: 120, diastolic: 80 },
    { ...recorded, subject: { reference: subject } }
  )!,
  id,
});

describe('the lists of the summary', () => {
  it('are the patient’s own, newest first, unsent ones on top, deletes left out, 100 at most', () => {
    const records = [
      ...Array.from({ length: 120 }, (_, i) =>
        stored(
          pressure(`bp${i}`),
          `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`
        )
      ),
      stored(pressure('other', 'Patient/p2'), '2025-03-01T00:00:00Z'),
      stored(pressure('gone'), '2025-03-02T00:00:00Z', { deleted: 1 }),
      { ...stored(pressure('new'), ''), server: undefined },
    ];
    const lists = patientRecords('Patient/p1', records, [], NOW);
    expect(lists.vitals).toHaveLength(SUMMARY_LIST_COUNT);
    expect(lists.vitals[0]?.id).toBe('new');
    expect(lists.vitals[1]?.id).toBe('bp119');
    expect(lists.vitals.map((item) => item.id)).not.toContain('other');
    expect(lists.vitals.map((item) => item.id)).not.toContain('gone');
    expect(lists.waiting).toEqual(new Set(['Observation/new']));
  });

  it('split smoking status from vital signs, and add what the server answered that the device lacks', () => {
    const smoking = {
      ...smokingObservation('266919005', recorded)!,
      id: 's1',
      meta: { lastUpdated: '2025-02-01T00:00:00Z' },
    };
    const lab: Observation = {
      resourceType: 'Observation',
      id: 'lab',
      status: 'final',
      code: { text: 'Potassium' },
      subject: recorded.subject,
    };
    const lists = patientRecords(
      'Patient/p1',
      [stored(pressure('bp'), '2025-01-01T00:00:00Z')],
      [smoking, lab],
      NOW
    );
    expect(lists.smoking.map((item) => item.id)).toEqual(['s1']);
    expect(lists.vitals.map((item) => item.id)).toEqual(['bp']);
  });

  it('name the next appointment from now on and the last visit before it', () => {
    const appointment = (id: string, start: string): Resource => ({
      resourceType: 'Appointment',
      id,
      status: 'booked',
      start,
      participant: [{ actor: { reference: 'Patient/p1' }, status: 'accepted' }],
    });
    const visit = (id: string, start: string): Resource => ({
      resourceType: 'Encounter',
      id,
      status: 'finished',
      class: { code: 'AMB' },
      subject: { reference: 'Patient/p1' },
      period: { start },
    });
    const lists = patientRecords(
      'Patient/p1',
      [],
      [
        appointment('past', '2025-03-01T10:00:00Z'),
        appointment('later', '2025-05-01T10:00:00Z'),
        appointment('next', '2025-03-20T10:00:00Z'),
        visit('old', '2024-01-01T10:00:00Z'),
        visit('last', '2025-03-01T10:00:00Z'),
      ],
      NOW
    );
    expect(lists.nextAppointment?.id).toBe('next');
    expect(lists.lastVisit?.id).toBe('last');
    expect(patientRecords('Patient/p1', [], [], NOW).nextAppointment).toBeUndefined();
  });
});
