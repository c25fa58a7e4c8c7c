import type { AllergyIntolerance, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { patient as patientIn } from '@/db/testing/fixtures';
import { createChange, deleteChange, editChange } from './changes';

/** Patient p1 at version 1: name 'Family p1', an address in NY, born 1975-04-21. */
const patient: Patient = { ...patientIn('p1', 'NY'), birthDate: '1975-04-21' };
/** What every change of p1 names. */
const ofPatient = { resourceType: 'Patient', id: 'p1', commutes: false };

describe('editChange: the edit a form made, as a patch', () => {
  it('is no change when the form gave back what it opened', () => {
    expect(editChange(patient, structuredClone(patient))).toBeUndefined();
  });

  it('ignores the id and meta: the server keeps those, so a form changing them changed nothing', () => {
    const { meta: _meta, ...withoutMeta } = patient;
    expect(editChange(patient, withoutMeta)).toBeUndefined();
    expect(
      editChange(patient, { ...patient, meta: { versionId: '9', tag: [{ code: 'x' }] } })
    ).toBeUndefined();
    expect(editChange(patient, { ...patient, id: 'other' })).toBeUndefined();
  });

  it('leaves meta and id out of a real edit, and names the resource it patches', () => {
    const change = editChange(patient, { ...patient, meta: { versionId: '9' }, birthDate: '1975-04-22' });
    expect(change).toEqual({
      ...ofPatient,
      kind: 'patch',
      operations: [{ op: 'replace', path: '/birthDate', value: '1975-04-22' }],
      // The patch is the whole resource as the user wants it: it replaces earlier unsent edits.
      replaces: true,
      label: 'Edit Patient',
    });
  });

  it('patches a nested element at its own path, leaving its siblings alone', () => {
    const allergy: AllergyIntolerance = {
      resourceType: 'AllergyIntolerance',
      id: 'a1',
      patient: { reference: 'Patient/p1' },
      code: { coding: [{ system: 'http://snomed.info/sct', code: '91936005', display: 'Penicillin' }] },
    };
    const after = structuredClone(allergy);
    after.code!.coding![0]!.display = 'Penicillin allergy';
    expect(editChange(allergy, after)?.operations).toEqual([
      { op: 'replace', path: '/code/coding/0/display', value: 'Penicillin allergy' },
    ]);
  });

  it('patches arrays element by element: an appended, a changed and a removed entry', () => {
    const appended = editChange(patient, { ...patient, name: [...patient.name!, { text: 'Annie' }] });
    expect(appended?.operations).toEqual([{ op: 'add', path: '/name/1', value: { text: 'Annie' } }]);

    const changed = editChange(patient, { ...patient, address: [{ city: 'Town', state: 'CA' }] });
    expect(changed?.operations).toEqual([{ op: 'replace', path: '/address/0/state', value: 'CA' }]);

    const { name: _name, ...withoutName } = patient;
    expect(editChange(patient, withoutName)?.operations).toEqual([{ op: 'remove', path: '/name' }]);
    expect(
      editChange({ ...patient, name: [{ text: 'A' }, { text: 'B' }] }, { ...patient, name: [{ text: 'A' }] })
        ?.operations
    ).toEqual([{ op: 'remove', path: '/name/1' }]);
  });

  it('carries the label and the version the form opened on, when given', () => {
    const change = editChange(
      patient,
      { ...patient, gender: 'female' },
      { label: 'Edit Details', baseVersionId: '1' }
    );
    expect(change).toMatchObject({ label: 'Edit Details', baseVersionId: '1', commutes: false });
    expect(editChange(patient, { ...patient, gender: 'female' })).not.toHaveProperty('baseVersionId');
  });
});

describe('createChange and deleteChange', () => {
  it('creates without the id and meta a form carried: the engine gives the new resource its own', () => {
    expect(createChange(patient)).toEqual({
      resourceType: 'Patient',
      kind: 'create',
      resource: {
        resourceType: 'Patient',
        name: patient.name,
        address: patient.address,
        birthDate: '1975-04-21',
      },
      commutes: false,
      label: 'Create Patient',
    });
    expect(createChange(patient, 'Add Patient').label).toBe('Add Patient');
  });

  it('deletes tested against the version shown, when there is one', () => {
    expect(deleteChange(patient, '1')).toEqual({
      ...ofPatient,
      kind: 'delete',
      label: 'Delete Patient',
      baseVersionId: '1',
    });
    expect(deleteChange(patient)).not.toHaveProperty('baseVersionId');
  });
});
