import type {
  AllergyIntolerance,
  Bundle,
  Condition,
  Observation,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_DELAY_MS } from '../drafts/draft-store';
import { indexFormSchemas } from '../inputs/testing/form-schemas';
import { replicaHarness, type ReplicaHarness } from '../testing/replica-harness';
import { PatientSummaryCard } from './PatientSummaryCard';

const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ given: ['Ruth'], family: 'Okafor' }],
  gender: 'female',
  birthDate: '1961-02-03',
  generalPractitioner: [{ reference: 'Practitioner/me', display: 'Alice Smith' }],
};
const subject = { reference: 'Patient/p1' };

const asthma: Condition = {
  resourceType: 'Condition',
  id: 'c1',
  subject,
  code: {
    coding: [{ system: 'http://snomed.info/sct', code: '195967001', display: 'Asthma' }],
    text: 'Asthma',
  },
  clinicalStatus: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
  },
  onsetDateTime: '2001-04-05',
};

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

const user = () => userEvent.setup();
const section = (name: string) => screen.getByRole('region', { name });

async function openDialog(add: string): Promise<HTMLElement> {
  await user().click(await screen.findByRole('button', { name: add }));
  return screen.findByRole('dialog', { name: add });
}

async function choose(dialog: HTMLElement, field: string, option: string): Promise<void> {
  await user().click(within(dialog).getByRole('combobox', { name: field }));
  await user().click(await screen.findByRole('option', { name: option }));
}

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' });

/** What the server holds of a type for the patient, after the engine pushed the outbox. */
async function landed<T extends Resource>(resourceType: string, query: string): Promise<T[]> {
  await h.syncNow();
  const bundle: Bundle = await h.fhir.search(resourceType, query, { noCache: true });
  return (bundle.entry ?? []).map((entry) => entry.resource as T);
}

async function renderSummary() {
  await h.hold(patient, asthma);
  h.render(<PatientSummaryCard patient={patient} />);
  await within(await screen.findByRole('region', { name: 'Problem List' })).findByText('Asthma');
}

describe('the patient summary', () => {
  it('shows who the patient is, the visits, and the problem list the device holds', async () => {
    await renderSummary();
    const card = screen.getByRole('region', { name: 'Patient summary' });
    expect(within(card).getByRole('heading', { name: 'Ruth Okafor' })).toBeInTheDocument();
    expect(card).toHaveTextContent(/1961-02-03 \(\d+ years\)/);
    expect(card).toHaveTextContent('Self·Alice Smith·Female');
    expect(within(card).getByRole('link', { name: 'No upcoming appointments' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'No documented visits' })).toBeInTheDocument();
    expect(within(section('Problem List')).getByRole('button', { name: /^Edit Asthma\b/ })).toHaveTextContent(
      'Active · 2001-04-05'
    );
    expect(section('Allergies')).toHaveTextContent('No known allergies');
  });
});

describe('the dialogs write valid FHIR through the outbox', () => {
  it('a dialog closed with input keeps it as a draft, restored when it opens again; Cancel drops it', async () => {
    await renderSummary();
    let dialog = await openDialog('Add Allergy');
    await user().type(within(dialog).getByRole('combobox', { name: 'Allergy' }), 'Latex');
    // The first Escape closes the suggestions, the second the dialog.
    await user().keyboard('{Escape}');
    if (screen.queryByRole('dialog')) await user().keyboard('{Escape}');
    expect(await screen.findByText('Your input is kept as a draft on this device.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog('Add Allergy');
    expect(await within(dialog).findByText('Draft restored')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Allergy' })).toHaveValue('Latex');
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog('Add Allergy');
    expect(within(dialog).getByRole('combobox', { name: 'Allergy' })).toHaveValue('');
    expect(within(dialog).queryByText('Draft restored')).toBeNull();
  });

  it('an allergy with its substance, status, onset and reaction is accepted by the server', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Allergy');
    expect(save(dialog)).toBeDisabled();
    await user().type(within(dialog).getByRole('combobox', { name: 'Allergy' }), 'Penicillin');
    await user().type(within(dialog).getByLabelText('Onset'), '2015-09-01');
    await user().type(within(dialog).getByRole('combobox', { name: 'Reaction' }), 'Anaphylaxis');
    await user().click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.applied.at(-1)).toMatchObject({ kind: 'create', label: 'Add Allergy' });
    expect(
      await within(section('Allergies')).findByRole('button', { name: /^Edit Penicillin — Anaphylaxis\b/ })
    ).toHaveTextContent('Active');
    const [allergy] = await landed<AllergyIntolerance>('AllergyIntolerance', 'patient=Patient/p1');
    expect(allergy).toMatchObject({
      patient: subject,
      code: { coding: [{ system: 'http://snomed.info/sct', code: '373270004' }] },
      clinicalStatus: { coding: [{ code: 'active' }] },
      onsetDateTime: '2015-09-01',
      reaction: [{ manifestation: [{ coding: [{ code: '39579001' }] }] }],
    });
  });

  it('a problem needs its onset; an edit patches only what changed', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Problem');
    await user().type(within(dialog).getByRole('combobox', { name: 'Problem' }), 'Gout');
    expect(save(dialog)).toBeDisabled();
    await user().type(within(dialog).getByLabelText(/Onset/), '2020-01-02');
    await user().click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user().click(within(section('Problem List')).getByRole('button', { name: /^Edit Asthma\b/ }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Problem' });
    await choose(edit, 'Clinical status', 'Resolved');
    await user().click(save(edit));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.applied.at(-1)).toMatchObject({
      kind: 'patch',
      id: 'c1',
      label: 'Edit Problem',
      operations: [
        { op: 'replace', path: '/clinicalStatus/coding/0/code', value: 'resolved' },
        expect.anything(),
      ],
    });
    const problems = await landed<Condition>('Condition', 'patient=Patient/p1&_sort=_id');
    expect(
      problems.map((item) => [item.code?.text, item.clinicalStatus?.coding?.[0]?.code, item.onsetDateTime])
    ).toEqual(
      expect.arrayContaining([
        ['Asthma', 'resolved', '2001-04-05'],
        ['Gout', 'active', '2020-01-02'],
      ])
    );
  });

  it('a medication needs its status, active or stopped, and is an order', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Medication');
    await user().type(
      within(dialog).getByRole('combobox', { name: 'Medication' }),
      'lisinopril 10 MG Oral Tablet'
    );
    expect(save(dialog)).toBeDisabled();
    await choose(dialog, 'Status', 'Stopped');
    await user().click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [request] = await landed('MedicationRequest', 'subject=Patient/p1');
    expect(request).toMatchObject({
      status: 'stopped',
      intent: 'order',
      medicationCodeableConcept: { coding: [{ code: '314076' }] },
    });
  });

  it('the smoking status is one of the eight answers, observed as 72166-2', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Smoking Status');
    expect(save(dialog)).toBeDisabled();
    await user().click(within(dialog).getByRole('combobox', { name: 'Smoking status' }));
    expect(await screen.findAllByRole('option')).toHaveLength(8);
    await user().click(screen.getByRole('option', { name: 'Ex-smoker' }));
    await user().click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The saved answer is drawn once the replica's new answer renders, right after the dialog goes.
    await waitFor(() => expect(section('Smoking Status')).toHaveTextContent('Ex-smoker'));
    const [smoking] = await landed<Observation>('Observation', 'subject=Patient/p1&code=72166-2');
    expect(smoking).toMatchObject({
      status: 'final',
      valueCodeableConcept: { coding: [{ code: '8517006' }] },
    });
  });
});

describe('vitals as the dialog keeps them', () => {
  it('blood pressure is saved with one valid reading, and not with none', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Vital');
    const systolic = within(dialog).getByRole('textbox', { name: 'Systolic' });
    expect(save(dialog)).toBeDisabled();
    await user().type(systolic, '1e');
    expect(save(dialog)).toBeDisabled();
    expect(within(dialog).getByText('Not a number')).toBeInTheDocument();
    await user().clear(systolic);
    await user().type(systolic, '132');
    expect(save(dialog)).toBeEnabled();
    await user().click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(section('Vitals')).findByRole('button', { name: /^Edit Blood pressure: 132\/– mmHg/ })
    ).toBeInTheDocument();
    const [pressure] = await landed<Observation>('Observation', 'subject=Patient/p1&code=85354-9');
    expect(pressure?.status).toBe('preliminary');
    expect(pressure?.valueQuantity).toBeUndefined();
    expect(pressure?.component?.map((part) => [part.code.coding?.[0]?.code, part.valueQuantity])).toEqual([
      ['8480-6', { value: 132, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
    ]);
  });

  it('another vital takes its one value in its unit, kept only when finite', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Vital');
    await choose(dialog, 'Vital sign', 'Body temperature');
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    expect(within(dialog).getByText('°C')).toBeInTheDocument();
    await user().type(value, '-');
    expect(save(dialog)).toBeDisabled();
    await user().clear(value);
    await user().type(value, '37.8');
    await user().click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [temperature] = await landed<Observation>('Observation', 'subject=Patient/p1&code=8310-5');
    expect(temperature?.valueQuantity).toEqual({
      value: 37.8,
      unit: 'Cel',
      system: 'http://unitsofmeasure.org',
      code: 'Cel',
    });
  });

  it('a reading past its limit is refused under its field, and nothing is queued', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Vital');
    await user().type(within(dialog).getByRole('textbox', { name: 'Diastolic' }), '0');
    await user().click(save(dialog));
    const diastolic = within(dialog).getByRole('textbox', { name: 'Diastolic' });
    await waitFor(() => expect(diastolic).toHaveAttribute('aria-invalid', 'true'));
    // Under the field it points at, and in the dialog's account of why nothing was saved.
    expect(within(dialog).getAllByText('Diastolic blood pressure must be above 0 mmHg')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Save anyway' })).toBeNull();
    // The error stays while the value is unchanged, also once the typed input is kept as a draft.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_DELAY_MS + 100));
    expect(diastolic).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getAllByText('Diastolic blood pressure must be above 0 mmHg')).toHaveLength(2);
    expect(h.applied).toEqual([]);
  });

  it('an implausible reading asks to confirm, and Save anyway stores it', async () => {
    await renderSummary();
    const dialog = await openDialog('Add Vital');
    await choose(dialog, 'Vital sign', 'Heart rate');
    await user().type(within(dialog).getByRole('textbox', { name: 'Value' }), '300');
    await user().click(save(dialog));
    expect(await within(dialog).findByRole('button', { name: 'Save anyway' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveAttribute('aria-invalid', 'true');
    expect(h.applied).toEqual([]);
    // A changed value clears the warning about the old one; asked again, it comes back.
    await user().type(within(dialog).getByRole('textbox', { name: 'Value' }), '0');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Save anyway' })).toBeNull());
    await user().type(within(dialog).getByRole('textbox', { name: 'Value' }), '{Backspace}');
    await user().click(save(dialog));
    expect(await within(dialog).findByRole('button', { name: 'Save anyway' })).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [rate] = await landed<Observation>('Observation', 'subject=Patient/p1&code=8867-4');
    expect(rate?.valueQuantity?.value).toBe(300);
  });

  it("the save's issues show under the field they point at: an onset the R4 schema refuses", async () => {
    await indexFormSchemas();
    await renderSummary();
    const dialog = await openDialog('Add Allergy');
    await user().type(within(dialog).getByRole('combobox', { name: 'Allergy' }), 'Penicillin');
    // The date input keeps a five-digit year for the check to judge.
    fireEvent.change(within(dialog).getByLabelText('Onset'), { target: { value: '12345-04-21' } });
    await user().click(save(dialog));
    const notSaved = await within(dialog).findByRole('alert', { name: 'Not saved' });
    const field = within(dialog).getByLabelText('Onset').closest('.mantine-InputWrapper-root');
    expect(notSaved).toHaveTextContent('Invalid dateTime format');
    expect(field).toHaveTextContent('Invalid dateTime format');
    expect(h.applied).toEqual([]);
  });
});
