import { getDataType, validateResource } from '@medplum/core';
import type { Coding, Organization, Reference, Resource } from '@medplum/fhirtypes';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFormSchemas } from './testing/form-schemas';
import { field, inField, renderField, type FormSetup } from './testing/render-field';

beforeAll(() => indexFormSchemas());

type Field = ReturnType<typeof renderField>;

/** The ValueSet an element is bound to, without its version. */
const boundTo = (type: string, element: string): string =>
  (getDataType(type).elements[element]?.binding?.valueSet ?? '').split('|')[0] as string;

async function pick(f: Field, combobox: HTMLElement, option: string, search?: string) {
  await f.user.click(combobox);
  // The click draws the field's real select, which takes the focus with its list open.
  const opened = document.activeElement as HTMLElement;
  expect(opened).toHaveAttribute('aria-expanded', 'true');
  if (search !== undefined) await f.retype(opened, search);
  await f.user.click(await screen.findByRole('option', { name: option }));
}

interface InputCase {
  type: string;
  resource: Resource;
  /** The element shown, as the schema names it. */
  element: string;
  setup?: () => FormSetup;
  /** The value is shown as it is held. */
  shows: () => unknown;
  edit: (f: Field) => Promise<void>;
  /** What the resource holds after the edit (compared with toMatchObject). */
  emits: Record<string, unknown>;
}

const task = { resourceType: 'Task', status: 'draft', intent: 'order' } as const;
const observation = { resourceType: 'Observation', status: 'final', code: { text: 'Test' } } as const;
const questionnaire = { resourceType: 'Questionnaire', status: 'draft' } as const;
const acme: Reference<Organization> = { reference: 'Organization/o1', display: 'Acme Clinic' };
const general: Reference<Organization> = { reference: 'Organization/o2', display: 'General Hospital' };
const genders: Coding[] = ['male', 'female', 'other', 'unknown'].map((code) => ({
  system: 'http://hl7.org/fhir/administrative-gender',
  code,
  display: code.charAt(0).toUpperCase() + code.slice(1),
}));
const maritalSystem = 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus';
const married = { system: maritalSystem, code: 'M', display: 'Married' };
const divorced = { system: maritalSystem, code: 'D', display: 'Divorced' };
const local = { system: 'urn:example:marital', code: 'apart', display: 'Living apart' };
const usage = 'http://terminology.hl7.org/CodeSystem/usage-context-type';

const CASES: InputCase[] = [
  {
    type: 'string',
    resource: { resourceType: 'Organization', name: 'Acme' },
    element: 'name',
    shows: () => expect(screen.getByLabelText('Name')).toHaveValue('Acme'),
    edit: (f) => f.retype(screen.getByLabelText('Name'), 'Acme Health'),
    emits: { name: 'Acme Health' },
  },
  {
    type: 'uri',
    resource: { ...task, instantiatesUri: 'http://example.org/a' },
    element: 'instantiatesUri',
    shows: () => expect(screen.getByLabelText('Instantiates URI')).toHaveValue('http://example.org/a'),
    edit: (f) => f.retype(screen.getByLabelText('Instantiates URI'), 'http://example.org/b'),
    emits: { instantiatesUri: 'http://example.org/b' },
  },
  {
    type: 'url',
    resource: {
      resourceType: 'Endpoint',
      status: 'active',
      connectionType: { code: 'hl7-fhir-rest' },
      payloadType: [{ text: 'any' }],
      address: 'http://example.org/fhir',
    },
    element: 'address',
    shows: () => expect(screen.getByLabelText('Address')).toHaveValue('http://example.org/fhir'),
    edit: (f) => f.retype(screen.getByLabelText('Address'), 'https://example.org/r4'),
    emits: { address: 'https://example.org/r4' },
  },
  {
    type: 'canonical',
    resource: { ...task, instantiatesCanonical: 'http://example.org/PlanDefinition/a' },
    element: 'instantiatesCanonical',
    shows: () =>
      expect(screen.getByLabelText('Instantiates Canonical')).toHaveValue(
        'http://example.org/PlanDefinition/a'
      ),
    edit: (f) =>
      f.retype(screen.getByLabelText('Instantiates Canonical'), 'http://example.org/PlanDefinition/b'),
    emits: { instantiatesCanonical: 'http://example.org/PlanDefinition/b' },
  },
  {
    type: 'time',
    resource: { ...observation, valueTime: '08:15:00' },
    element: 'value[x]',
    shows: () => expect(screen.getByLabelText('Value')).toHaveValue('08:15:00'),
    edit: (f) => f.retype(screen.getByLabelText('Value'), '09:45'),
    emits: { valueTime: '09:45:00' },
  },
  {
    type: 'date',
    resource: { resourceType: 'Patient', birthDate: '1980-05-01' },
    element: 'birthDate',
    shows: () => expect(screen.getByLabelText('Birth Date')).toHaveValue('1980-05-01'),
    edit: (f) => f.retype(screen.getByLabelText('Birth Date'), '1981-06-02'),
    emits: { birthDate: '1981-06-02' },
  },
  {
    type: 'dateTime',
    resource: { ...task, authoredOn: '2024-03-02T09:30:00+02:00' },
    element: 'authoredOn',
    shows: () => expect(screen.getByLabelText('Authored On')).toHaveValue('2024-03-02T07:30'),
    edit: (f) => f.retype(screen.getByLabelText('Authored On'), '2024-03-05T10:00'),
    emits: { authoredOn: '2024-03-05T10:00:00.000Z' },
  },
  {
    type: 'instant',
    resource: { ...observation, issued: '2024-03-02T09:30:00.000Z' },
    element: 'issued',
    shows: () => expect(screen.getByLabelText('Issued')).toHaveValue('2024-03-02T09:30'),
    edit: (f) => f.retype(screen.getByLabelText('Issued'), '2024-03-02T09:31:15'),
    emits: { issued: '2024-03-02T09:31:15.000Z' },
  },
  {
    type: 'decimal',
    resource: { ...observation, valueQuantity: { value: 1.5 } },
    element: 'value[x]',
    shows: () => {
      const value = inField('Observation.valueQuantity.value').getByLabelText('Value');
      expect(value).toHaveValue('1.5');
      expect(value).toHaveAttribute('inputmode', 'decimal');
    },
    edit: (f) => f.retype(inField('Observation.valueQuantity.value').getByLabelText('Value'), '2.25'),
    emits: { valueQuantity: { value: 2.25 } },
  },
  {
    type: 'integer',
    resource: { ...observation, valueInteger: 3 },
    element: 'value[x]',
    shows: () => {
      expect(screen.getByLabelText('Value')).toHaveValue('3');
    },
    edit: (f) => f.retype(screen.getByLabelText('Value'), '-7'),
    emits: { valueInteger: -7 },
  },
  {
    type: 'positiveInt',
    resource: {
      resourceType: 'Appointment',
      status: 'proposed',
      participant: [{ status: 'needs-action', actor: { reference: 'Patient/p1' } }],
      minutesDuration: 30,
    },
    element: 'minutesDuration',
    shows: () => {
      expect(screen.getByLabelText('Minutes Duration')).toHaveValue('30');
      expect(screen.getByLabelText('Minutes Duration')).toHaveAttribute('inputmode', 'numeric');
    },
    edit: (f) => f.retype(screen.getByLabelText('Minutes Duration'), '45'),
    emits: { minutesDuration: 45 },
  },
  {
    type: 'unsignedInt',
    resource: { resourceType: 'Group', type: 'person', actual: true, quantity: 0 },
    element: 'quantity',
    shows: () => {
      expect(screen.getByLabelText('Quantity')).toHaveValue('0');
      expect(screen.getByLabelText('Quantity')).toHaveAttribute('inputmode', 'numeric');
    },
    edit: (f) => f.retype(screen.getByLabelText('Quantity'), '12'),
    emits: { quantity: 12 },
  },
  {
    type: 'code',
    resource: { resourceType: 'Patient', gender: 'female' },
    element: 'gender',
    setup: () => ({ valueSets: { [boundTo('Patient', 'gender')]: genders } }),
    shows: () => expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveValue('female'),
    edit: (f) => pick(f, screen.getByRole('combobox', { name: 'Gender' }), 'male', 'ma'),
    emits: { gender: 'male' },
  },
  {
    type: 'boolean',
    resource: { resourceType: 'Patient', active: true },
    element: 'active',
    shows: () => expect(screen.getByLabelText('Active')).toBeChecked(),
    edit: (f) => f.user.click(screen.getByLabelText('Active')),
    emits: { active: false },
  },
  {
    type: 'base64Binary',
    resource: { resourceType: 'Binary', contentType: 'text/plain', data: 'aGVsbG8=' },
    element: 'data',
    shows: () => expect(screen.getByLabelText('Data')).toHaveValue('aGVsbG8='),
    edit: (f) => f.retype(screen.getByLabelText('Data'), 'd29ybGQ='),
    emits: { data: 'd29ybGQ=' },
  },
  {
    type: 'markdown',
    resource: { ...questionnaire, description: '**Intake**' },
    element: 'description',
    shows: () => expect(screen.getByLabelText('Description')).toHaveValue('**Intake**'),
    edit: (f) => f.retype(screen.getByLabelText('Description'), '# Intake\n\nFirst visit'),
    emits: { description: '# Intake\n\nFirst visit' },
  },
  {
    type: 'Address',
    resource: {
      resourceType: 'Patient',
      address: [{ use: 'home', line: ['1 Main St'], city: 'Springfield', postalCode: '62701' }],
    },
    element: 'address',
    shows: () => {
      expect(screen.getByRole('combobox', { name: 'Use' })).toHaveValue('home');
      expect(screen.getByLabelText('Line 1')).toHaveValue('1 Main St');
      expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    },
    edit: async (f) => {
      await f.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'both');
      await f.retype(screen.getByLabelText('Line 2'), 'Apt 4');
      await f.retype(screen.getByLabelText('City'), 'Chicago');
    },
    emits: {
      address: [
        { use: 'home', type: 'both', line: ['1 Main St', 'Apt 4'], city: 'Chicago', postalCode: '62701' },
      ],
    },
  },
  {
    type: 'Annotation',
    resource: { ...task, note: [{ text: 'Call back' }] },
    element: 'note',
    setup: () => ({ profile: { reference: 'Practitioner/pr1', display: 'Dr. Alice Smith' } }),
    shows: () => expect(screen.getByLabelText('Text')).toHaveValue('Call back'),
    edit: async (f) => {
      await f.retype(screen.getByLabelText('Text'), 'Called back');
      await f.retype(screen.getByLabelText('Time'), '2024-03-02T10:00');
    },
    emits: {
      note: [
        {
          text: 'Called back',
          time: '2024-03-02T10:00:00.000Z',
          authorReference: { reference: 'Practitioner/pr1', display: 'Dr. Alice Smith' },
        },
      ],
    },
  },
  {
    type: 'Attachment',
    resource: {
      resourceType: 'Patient',
      photo: [{ contentType: 'image/png', url: 'http://example.org/a.png', title: 'Front' }],
    },
    element: 'photo',
    shows: () => expect(screen.getByLabelText('URL')).toHaveValue('http://example.org/a.png'),
    edit: (f) => f.retype(screen.getByLabelText('Title'), 'Side'),
    emits: { photo: [{ contentType: 'image/png', url: 'http://example.org/a.png', title: 'Side' }] },
  },
  {
    type: 'CodeableConcept',
    resource: { resourceType: 'Patient', maritalStatus: { coding: [married], text: 'Married' } },
    element: 'maritalStatus',
    setup: () => ({ valueSets: { [boundTo('Patient', 'maritalStatus')]: [married, divorced] } }),
    shows: () => expect(screen.getByRole('combobox', { name: 'Marital Status' })).toHaveValue('Married'),
    edit: (f) => pick(f, screen.getByRole('combobox', { name: 'Marital Status' }), 'Divorced', 'div'),
    emits: { maritalStatus: { coding: [divorced], text: 'Divorced' } },
  },
  {
    type: 'CodeableConcept',
    resource: { resourceType: 'Patient', maritalStatus: { coding: [married, local], text: 'Married' } },
    element: 'maritalStatus',
    setup: () => ({ valueSets: { [boundTo('Patient', 'maritalStatus')]: [married, divorced, local] } }),
    shows: () => {
      expect(screen.getByRole('combobox', { name: 'Marital Status' })).toHaveValue('Married');
      expect(screen.getByRole('combobox', { name: 'Marital Status 2' })).toHaveValue('Living apart');
    },
    edit: async (f) => {
      await pick(f, screen.getByRole('combobox', { name: 'Marital Status' }), 'Divorced', 'div');
      await f.user.click(screen.getByRole('button', { name: 'Add Marital Status Coding' }));
      await pick(f, screen.getByRole('combobox', { name: 'Marital Status 3' }), 'Married', 'mar');
    },
    // Several codings kept in order; the text follows the first one's display.
    emits: { maritalStatus: { coding: [divorced, local, married], text: 'Divorced' } },
  },
  {
    type: 'Attachment',
    resource: { resourceType: 'Patient', photo: [{ url: 'http://example.org/a.png', title: 'Front' }] },
    element: 'photo',
    shows: () => expect(screen.getByLabelText('Title')).toHaveValue('Front'),
    edit: async (f) => {
      await f.user.upload(
        screen.getByLabelText('Photo file'),
        new File(['hello'], 'note.txt', { type: 'text/plain' })
      );
      expect(await screen.findByText('5 bytes held')).toBeInTheDocument();
    },
    // The file's bytes are held in the attachment, saved with the resource.
    emits: { photo: [{ contentType: 'text/plain', data: 'aGVsbG8=', size: 5, title: 'note.txt' }] },
  },
  {
    type: 'Coding',
    resource: { ...questionnaire, code: [{ system: 'http://loinc.org', code: '1', display: 'Alpha' }] },
    element: 'code',
    setup: () => ({
      valueSets: {
        [boundTo('Questionnaire', 'code')]: [{ system: 'http://loinc.org', code: '2', display: 'Beta' }],
      },
    }),
    shows: () => expect(screen.getByRole('combobox', { name: 'Code' })).toHaveValue('Alpha'),
    edit: (f) => pick(f, screen.getByRole('combobox', { name: 'Code' }), 'Beta', 'be'),
    emits: { code: [{ system: 'http://loinc.org', code: '2', display: 'Beta' }] },
  },
  {
    type: 'ContactDetail',
    resource: {
      ...questionnaire,
      contact: [{ name: 'Desk', telecom: [{ system: 'phone', value: '555-0100' }] }],
    },
    element: 'contact',
    shows: () => expect(inField('Questionnaire.contact.name').getByLabelText('Name')).toHaveValue('Desk'),
    edit: (f) => f.retype(inField('Questionnaire.contact.name').getByLabelText('Name'), 'Help desk'),
    emits: { contact: [{ name: 'Help desk', telecom: [{ system: 'phone', value: '555-0100' }] }] },
  },
  {
    type: 'ContactPoint',
    resource: { resourceType: 'Patient', telecom: [{ system: 'phone', use: 'home', value: '555-0100' }] },
    element: 'telecom',
    shows: () => {
      expect(screen.getByRole('combobox', { name: 'System' })).toHaveValue('phone');
      expect(screen.getByLabelText('Value')).toHaveValue('555-0100');
    },
    edit: async (f) => {
      await f.user.selectOptions(screen.getByRole('combobox', { name: 'Use' }), 'mobile');
      await f.retype(screen.getByLabelText('Value'), '555-0199');
    },
    emits: { telecom: [{ system: 'phone', use: 'mobile', value: '555-0199' }] },
  },
  {
    type: 'Extension',
    resource: {
      resourceType: 'Patient',
      extension: [{ url: 'http://example.org/ext', valueString: 'blue' }],
    },
    element: 'extension',
    shows: () => {
      expect(screen.getByRole('combobox', { name: 'Value type' })).toHaveValue('string');
      expect(screen.getByLabelText('Value')).toHaveValue('blue');
    },
    edit: (f) => f.retype(screen.getByLabelText('Value'), 'green'),
    emits: { extension: [{ url: 'http://example.org/ext', valueString: 'green' }] },
  },
  {
    type: 'HumanName',
    resource: {
      resourceType: 'Patient',
      name: [{ use: 'official', prefix: ['Dr.'], given: ['Ann', 'Marie'], family: 'Lee' }],
    },
    element: 'name',
    shows: () => {
      expect(screen.getByLabelText('Given')).toHaveValue('Ann Marie');
      expect(screen.getByLabelText('Prefix')).toHaveValue('Dr.');
    },
    edit: async (f) => {
      await f.retype(screen.getByLabelText('Given'), 'Jo  Ann ');
      await f.user.selectOptions(screen.getByRole('combobox', { name: 'Use' }), 'maiden');
    },
    emits: { name: [{ use: 'maiden', prefix: ['Dr.'], given: ['Jo', 'Ann'], family: 'Lee' }] },
  },
  {
    type: 'Identifier',
    resource: { resourceType: 'Patient', identifier: [{ system: 'http://example.org/mrn', value: 'A1' }] },
    element: 'identifier',
    shows: () => expect(inField('Patient.identifier.value').getByLabelText('Value')).toHaveValue('A1'),
    edit: (f) => f.retype(inField('Patient.identifier.value').getByLabelText('Value'), 'A2'),
    emits: { identifier: [{ system: 'http://example.org/mrn', value: 'A2' }] },
  },
  {
    type: 'Money',
    resource: { resourceType: 'Invoice', status: 'draft', totalNet: { currency: 'USD', value: 10 } },
    element: 'totalNet',
    shows: () => expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD'),
    edit: async (f) => {
      await f.user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
      await f.retype(screen.getByLabelText('Value'), '12.5');
    },
    emits: { totalNet: { currency: 'EUR', value: 12.5 } },
  },
  {
    type: 'Period',
    resource: { ...task, executionPeriod: { start: '2024-03-01T08:00:00.000Z' } },
    element: 'executionPeriod',
    shows: () => expect(screen.getByLabelText('Start')).toHaveValue('2024-03-01T08:00'),
    edit: (f) => f.retype(screen.getByLabelText('End'), '2024-03-01T09:00'),
    emits: { executionPeriod: { start: '2024-03-01T08:00:00.000Z', end: '2024-03-01T09:00:00.000Z' } },
  },
  {
    type: 'Quantity',
    resource: { ...observation, valueQuantity: { value: 70, unit: 'kg' } },
    element: 'value[x]',
    shows: () => expect(screen.getByLabelText('Unit')).toHaveValue('kg'),
    edit: (f) => f.user.selectOptions(screen.getByRole('combobox', { name: 'Comparator' }), '<='),
    emits: { valueQuantity: { comparator: '<=', value: 70, unit: 'kg' } },
  },
  {
    type: 'Duration',
    resource: {
      resourceType: 'ActivityDefinition',
      status: 'draft',
      timingDuration: { value: 5, unit: 'min' },
    },
    element: 'timing[x]',
    shows: () => {
      expect(screen.getByRole('combobox', { name: 'Timing type' })).toHaveValue('Duration');
      expect(screen.getByLabelText('Unit')).toHaveValue('min');
    },
    edit: (f) => f.retype(inField('ActivityDefinition.timingDuration.value').getByLabelText('Value'), '10'),
    emits: { timingDuration: { value: 10, unit: 'min' } },
  },
  {
    type: 'Range',
    resource: { ...observation, valueRange: { low: { value: 1 }, high: { value: 5 } } },
    element: 'value[x]',
    shows: () =>
      expect(inField('Observation.valueRange.high.value').getByLabelText('Value')).toHaveValue('5'),
    edit: (f) => f.retype(inField('Observation.valueRange.high.value').getByLabelText('Value'), '6'),
    emits: { valueRange: { low: { value: 1 }, high: { value: 6 } } },
  },
  {
    type: 'Ratio',
    resource: { ...observation, valueRatio: { numerator: { value: 1 }, denominator: { value: 2 } } },
    element: 'value[x]',
    shows: () =>
      expect(inField('Observation.valueRatio.denominator.value').getByLabelText('Value')).toHaveValue('2'),
    edit: (f) => f.retype(inField('Observation.valueRatio.denominator.value').getByLabelText('Value'), '4'),
    emits: { valueRatio: { numerator: { value: 1 }, denominator: { value: 4 } } },
  },
  {
    type: 'Reference',
    resource: { resourceType: 'Patient', managingOrganization: acme },
    element: 'managingOrganization',
    setup: () => ({ references: [acme, general] }),
    shows: () =>
      expect(screen.getByRole('combobox', { name: 'Managing Organization' })).toHaveValue('Acme Clinic'),
    edit: (f) =>
      pick(f, screen.getByRole('combobox', { name: 'Managing Organization' }), 'General Hospital', 'gen'),
    emits: { managingOrganization: general },
  },
  {
    type: 'Timing',
    resource: {
      resourceType: 'ActivityDefinition',
      status: 'draft',
      timingTiming: { repeat: { period: 1, periodUnit: 'd' } },
    },
    element: 'timing[x]',
    shows: () => expect(field('ActivityDefinition.timingTiming')).toHaveTextContent('Daily'),
    edit: async (f) => {
      await f.user.click(screen.getByRole('button', { name: 'Edit Timing' }));
      await f.retype(screen.getByLabelText('Repeat every'), '2');
      await f.user.click(screen.getByRole('button', { name: 'OK' }));
    },
    emits: { timingTiming: { repeat: { period: 2, periodUnit: 'd' } } },
  },
  {
    type: 'Dosage',
    resource: {
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Aspirin' },
      subject: { reference: 'Patient/p1' },
      dosageInstruction: [{ text: '1 tablet daily' }],
    },
    element: 'dosageInstruction',
    shows: () =>
      expect(inField('MedicationRequest.dosageInstruction.text').getByLabelText('Text')).toHaveValue(
        '1 tablet daily'
      ),
    edit: (f) =>
      f.retype(inField('MedicationRequest.dosageInstruction.text').getByLabelText('Text'), '2 tablets daily'),
    emits: { dosageInstruction: [{ text: '2 tablets daily' }] },
  },
  {
    type: 'UsageContext',
    resource: {
      ...questionnaire,
      useContext: [{ code: { system: usage, code: 'age' }, valueQuantity: { value: 5, unit: 'a' } }],
    },
    element: 'useContext',
    shows: () => expect(screen.getByRole('combobox', { name: 'Value type' })).toHaveValue('Quantity'),
    edit: (f) =>
      f.retype(inField('Questionnaire.useContext.valueQuantity.value').getByLabelText('Value'), '18'),
    emits: {
      useContext: [{ code: { system: usage, code: 'age' }, valueQuantity: { value: 18, unit: 'a' } }],
    },
  },
];

describe('an input for every data type: shows the value, edits it, emits valid FHIR', () => {
  it('covers the 35 types the console handles', () => {
    expect(new Set(CASES.map((c) => c.type)).size).toBe(36);
  });

  it('a date keeps a year of five digits, which the browser takes, for the server to judge', () => {
    renderField({ resourceType: 'Patient', birthDate: '12345-04-21' }, 'birthDate');
    expect(screen.getByLabelText('Birth Date')).toHaveValue('12345-04-21');
  });

  it.each(CASES)('$type', async ({ resource, element, setup, shows, edit, emits }) => {
    const f = renderField(resource, element, setup?.());
    await shows();
    await edit(f);
    const edited = f.edited();
    expect(edited).toMatchObject(emits);
    expect(() => validateResource(edited)).not.toThrow();
  });
});
