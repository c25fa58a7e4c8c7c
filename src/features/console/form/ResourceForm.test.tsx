import type { Patient } from '@medplum/fhirtypes';
import { validateResource } from '@medplum/core';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { indexFormSchemas } from '@/ui/inputs/testing/form-schemas';
import { renderForm } from '@/features/console/testing/render-form';

beforeAll(() => indexFormSchemas());

const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  meta: { versionId: '3', lastUpdated: '2024-01-01T00:00:00.000Z' },
  active: true,
  name: [{ use: 'official', given: ['Ann', 'Marie'], family: 'Lee' }],
  telecom: [{ system: 'phone', use: 'home', value: '555-0100' }],
  gender: 'female',
  birthDate: '1980-05-01',
  address: [{ use: 'home', line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701' }],
};

describe('the resource form', () => {
  it('shows resourceType and id disabled, and emits the resource unchanged on OK', async () => {
    const form = renderForm(patient);
    expect(screen.getByLabelText('Resource Type')).toBeDisabled();
    expect(screen.getByLabelText('Resource Type')).toHaveValue('Patient');
    expect(screen.getByLabelText('ID')).toHaveValue('p1');
    expect(screen.getByLabelText('ID')).toBeDisabled();
    await form.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(form.submitted()).toEqual(patient);
  });

  it('round-trips a Patient: name, birth date, a telecom and an address edited, valid FHIR out', async () => {
    const form = renderForm(patient);
    await form.retype(screen.getByLabelText('Family'), 'Lee-Smith');
    await form.retype(screen.getByLabelText('Given'), 'Ann  Mary ');
    await form.retype(screen.getByLabelText('Birth Date'), '1981-06-02');
    await form.user.click(screen.getByRole('button', { name: 'Add Telecom' }));
    await form.retype(screen.getAllByLabelText('Value')[1] as HTMLElement, 'ann@example.com');
    await form.retype(screen.getByLabelText('City'), 'Chicago');
    await form.retype(screen.getByLabelText('Line 2'), 'Apt 4');
    await form.user.click(screen.getByRole('button', { name: 'OK' }));
    const out = form.submitted() as Patient;
    expect(out.name).toEqual([{ use: 'official', given: ['Ann', 'Mary'], family: 'Lee-Smith' }]);
    expect(out.birthDate).toBe('1981-06-02');
    expect(out.telecom).toEqual([patient.telecom?.[0], { value: 'ann@example.com' }]);
    expect(out.address?.[0]).toMatchObject({ line: ['1 Main St', 'Apt 4'], city: 'Chicago' });
    expect(() => validateResource(out)).not.toThrow();
  });

  it('calls onDelete from the Delete button, which shows only when deleting is offered', async () => {
    const onDelete = vi.fn();
    const form = renderForm(patient, { onDelete });
    await form.user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    form.unmount();
    renderForm(patient);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("shows the server's issues under their fields and its message at the top", async () => {
    const form = renderForm(patient);
    form.showOutcome({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'invalid',
          details: { text: 'Invalid date format' },
          expression: ['Patient.birthDate'],
        },
        {
          severity: 'error',
          code: 'invalid',
          details: { text: 'Invalid phone' },
          expression: ['Patient.telecom[0].value'],
        },
      ],
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid date format; Invalid phone');
    const fieldOf = (label: string) => screen.getByLabelText(label).closest('[data-field]') as HTMLElement;
    expect(fieldOf('Birth Date')).toHaveTextContent('Invalid date format');
    expect(fieldOf('Value')).toHaveTextContent('Invalid phone');
    expect(fieldOf('Family')).not.toHaveTextContent('Invalid');
    // Each input is described by its own error, so a screen reader reads it with the field.
    expect(screen.getByLabelText('Birth Date')).toHaveAccessibleDescription('Invalid date format');
    expect(screen.getByLabelText('Birth Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Value')).toHaveAccessibleDescription('Invalid phone');
    expect(screen.getByLabelText('Family')).not.toHaveAttribute('aria-invalid');
  });

  it('looks up codes and references only for the field the user opens', async () => {
    const form = renderForm({
      ...patient,
      maritalStatus: { coding: [{ system: 'urn:ms', code: 'M', display: 'Married' }] },
      managingOrganization: { reference: 'Organization/o1', display: 'Acme Clinic' },
    });
    expect(screen.getByRole('combobox', { name: 'Marital Status' })).toHaveValue('Married');
    expect(screen.getByRole('combobox', { name: 'Managing Organization' })).toHaveValue('Acme Clinic');
    expect(form.sources.expansions).toEqual([]);
    expect(form.sources.searches).toEqual([]);
    await form.user.click(screen.getByRole('combobox', { name: 'Marital Status' }));
    expect(form.sources.expansions.length).toBeGreaterThan(0);
    expect(form.sources.expansions.every((url) => url.includes('marital-status'))).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Marital Status' })).toHaveAttribute('aria-expanded', 'true');
    expect(form.sources.searches).toEqual([]);
  });

  it('marks required fields from the element minimum', () => {
    renderForm({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' } });
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeRequired();
    expect(screen.getByLabelText('Issued')).not.toBeRequired();
  });

  it('names a type whose schema is missing instead of failing', () => {
    renderForm({ resourceType: 'NoSuchType' } as unknown as Patient);
    expect(screen.getByRole('alert')).toHaveTextContent('No schema for NoSuchType');
    expect(within(document.body).queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
  });

  it('cannot be saved while a number field holds text that is not a number, and keeps that text', async () => {
    const form = renderForm({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Weight' },
      valueQuantity: { value: 70 },
    });
    const value = within(
      screen
        .getByLabelText('Value', { selector: '[data-field="Observation.valueQuantity.value"] input' })
        .closest('[data-field]') as HTMLElement
    ).getByLabelText('Value');
    await form.retype(value, '12.5.3');
    await form.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(form.submissions).toEqual([]);
    expect(value).toHaveValue('12.5.3');
    expect(screen.getByRole('alert')).toHaveTextContent('Not a number');
    await form.retype(value, '12.5');
    await form.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(form.submitted()).toMatchObject({ valueQuantity: { value: 12.5 } });
  });

  it('shows warnings under their fields with Save anyway, which saves with them accepted', async () => {
    const form = renderForm(patient);
    form.showOutcome({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'warning',
          code: 'business-rule',
          details: { text: 'Check this date' },
          expression: ['Patient.birthDate'],
        },
      ],
    });
    const fieldOf = (label: string) => screen.getByLabelText(label).closest('[data-field]') as HTMLElement;
    expect(fieldOf('Birth Date')).toHaveTextContent('Check this date');
    expect(screen.getByRole('alert')).toHaveTextContent('Check this date');
    await form.user.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(form.submitted()).toEqual(patient);
    expect(form.acceptedWarnings).toEqual([true]);
  });

  it('offers no Save anyway over an error', () => {
    const form = renderForm(patient);
    form.showOutcome({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'value',
          details: { text: 'Birth date cannot be in the future' },
          expression: ['Patient.birthDate'],
        },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Save anyway' })).not.toBeInTheDocument();
  });
});
