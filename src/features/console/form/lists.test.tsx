import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import type { Patient, StructureDefinition } from '@medplum/fhirtypes';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFormSchemas, resourceDefinition } from '@/ui/inputs/testing/form-schemas';
import { renderForm } from '@/features/console/testing/render-form';
import { renderField } from '@/ui/inputs/testing/render-field';

const PROFILE = 'http://example.org/StructureDefinition/clinic-patient';
const MRN = 'http://example.org/mrn';

/** A Patient profile: one to two telecoms, and an identifier slice 'mrn' (one, with a fixed system). */
async function clinicPatientProfile(): Promise<StructureDefinition> {
  const base = await resourceDefinition('Patient');
  const elements = (base.snapshot?.element ?? []).flatMap((element) => {
    if (element.path === 'Patient.telecom') return [{ ...element, min: 1, max: '2' }];
    if (element.path !== 'Patient.identifier') return [element];
    return [
      {
        ...element,
        slicing: { discriminator: [{ type: 'value' as const, path: 'system' }], rules: 'open' as const },
      },
      {
        id: 'Patient.identifier:mrn',
        path: 'Patient.identifier',
        sliceName: 'mrn',
        min: 1,
        max: '1',
        type: [{ code: 'Identifier' }],
      },
      {
        id: 'Patient.identifier:mrn.system',
        path: 'Patient.identifier.system',
        min: 1,
        max: '1',
        type: [{ code: 'uri' }],
        fixedUri: MRN,
      },
    ];
  });
  return {
    ...base,
    id: 'clinic-patient',
    url: PROFILE,
    name: 'ClinicPatient',
    derivation: 'constraint',
    baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Patient',
    snapshot: { element: elements },
  };
}

beforeAll(async () => {
  await indexFormSchemas();
  indexStructureDefinitionBundle([await clinicPatientProfile()]);
});

const profiled: Patient = { resourceType: 'Patient', meta: { profile: [PROFILE] } };

const field = (path: string) => within(document.querySelector(`[data-field="${path}"]`) as HTMLElement);

describe('lists obey their minimum and maximum', () => {
  it('pads a list to its minimum, removes only above it and adds only below its maximum', async () => {
    const f = renderField(profiled, 'telecom');
    const telecom = field('Patient.telecom');
    expect(telecom.getAllByRole('textbox', { name: 'Value' })).toHaveLength(1);
    expect(telecom.queryByRole('button', { name: 'Remove Telecom' })).not.toBeInTheDocument();
    await f.user.click(telecom.getByRole('button', { name: 'Add Telecom' }));
    expect(telecom.getAllByRole('textbox', { name: 'Value' })).toHaveLength(2);
    expect(telecom.queryByRole('button', { name: 'Add Telecom' })).not.toBeInTheDocument();
    expect(telecom.getAllByRole('button', { name: 'Remove Telecom' })).toHaveLength(2);
    await f.retype(telecom.getAllByRole('textbox', { name: 'Value' })[1] as HTMLElement, '555-0100');
    await f.user.click(telecom.getAllByRole('button', { name: 'Remove Telecom' })[0] as HTMLElement);
    expect(telecom.getByRole('textbox', { name: 'Value' })).toHaveValue('555-0100');
    expect(telecom.queryByRole('button', { name: 'Remove Telecom' })).not.toBeInTheDocument();
    expect(f.edited()).toMatchObject({ telecom: [{ value: '555-0100' }] });
  });

  it('adds and removes without limit on an open list, leaving nothing behind when emptied', async () => {
    const f = renderField({ resourceType: 'Patient', generalPractitioner: [] }, 'generalPractitioner');
    await f.user.click(screen.getByRole('button', { name: 'Add General Practitioner' }));
    await f.user.click(screen.getByRole('button', { name: 'Add General Practitioner' }));
    expect(screen.getAllByRole('button', { name: 'Remove General Practitioner' })).toHaveLength(2);
    for (const remove of screen.getAllByRole('button', { name: 'Remove General Practitioner' }))
      await f.user.click(remove);
    expect(f.edited()).toEqual({ resourceType: 'Patient' });
  });

  it('pads a required list of backbone elements to its one item', () => {
    renderField({ resourceType: 'Appointment', status: 'proposed', participant: [] }, 'participant');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeRequired();
    expect(screen.queryByRole('button', { name: 'Remove Participant' })).not.toBeInTheDocument();
  });
});

describe('slices', () => {
  it('shows each slice padded to its minimum, starting from its fixed values, and keeps items in their slice', async () => {
    const f = renderField(
      {
        ...profiled,
        telecom: [{ value: '555-0100' }],
        identifier: [{ system: 'http://example.org/other', value: 'X9' }],
      },
      'identifier'
    );
    const identifier = field('Patient.identifier');
    expect(identifier.getByText('mrn')).toBeInTheDocument();
    const systems = identifier.getAllByRole('textbox', { name: 'System' });
    expect(systems.map((input) => (input as HTMLInputElement).value)).toEqual([
      MRN,
      'http://example.org/other',
    ]);
    expect(identifier.queryByRole('button', { name: 'Remove Identifier mrn' })).not.toBeInTheDocument();
    expect(identifier.queryByRole('button', { name: 'Add Identifier mrn' })).not.toBeInTheDocument();
    await f.retype(identifier.getAllByRole('textbox', { name: 'Value' })[0] as HTMLElement, 'M-100');
    const out = f.edited() as Patient;
    expect(out.identifier).toEqual([
      { system: MRN, value: 'M-100' },
      { system: 'http://example.org/other', value: 'X9' },
    ]);
    const profile = await clinicPatientProfile();
    expect(() => validateResource(out, { profile })).not.toThrow();
  });

  it('leaves an untouched padded slice out of what it emits', async () => {
    const f = renderForm(profiled);
    await f.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(f.submitted()).toEqual(profiled);
  });
});
