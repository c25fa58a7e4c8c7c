import type { Observation, Patient } from '@medplum/fhirtypes';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ME, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { ResourceDisplay } from './ResourceDisplay';

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

/** The cell beside a field's label in the details tree (the first row with that label). */
const cellOf = (scope: HTMLElement, label: string): HTMLElement => {
  const header = within(scope).getAllByText(label, { selector: 'th p' })[0];
  const row = header?.closest('tr');
  if (!row) throw new Error(`No row '${label}'`);
  return row.querySelector('td') as HTMLElement;
};

const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  meta: { versionId: '3', lastUpdated: '2024-03-02T09:30:00Z' },
  active: true,
  name: [{ use: 'official', given: ['Ana'], family: 'Morales' }],
  birthDate: '1980-05-01',
  gender: 'female',
  telecom: [],
  address: [{}, { line: ['1 Main St'], city: 'Albany', state: 'NY', postalCode: '12207' }],
  maritalStatus: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus', code: 'M', display: 'Married' },
    ],
  },
  generalPractitioner: [{ reference: ME }],
  managingOrganization: { reference: 'Organization/o1', display: 'General Hospital' },
  photo: [{ contentType: 'image/png', url: 'https://example.org/ana.png', title: 'Ana' }],
  contact: [{ name: { given: ['Luis'], family: 'Morales' }, gender: 'male' }],
  extension: [{ url: 'http://example.org/fhir/favourite-colour', valueString: 'teal' }],
  deceasedBoolean: false,
};

describe('the details tree, chosen by element type from the schema', () => {
  it('shows a Patient: names, dates as written, concepts by display, links, images, extensions, backbone elements', async () => {
    await h.pull(ME);
    h.render(<ResourceDisplay resource={patient} />);
    const tree = await screen.findByRole('table', { name: 'Resource details' });
    expect(cellOf(tree, 'Name')).toHaveTextContent('Ana Morales');
    // A bare date never moves a day, whatever the zone.
    expect(cellOf(tree, 'Birth Date')).toHaveTextContent(/^1980-05-01$/);
    expect(cellOf(tree, 'Marital Status')).toHaveTextContent(/^Married$/);
    expect(cellOf(tree, 'Address')).toHaveTextContent('1 Main St');
    expect(cellOf(tree, 'Deceased Boolean')).toHaveTextContent(/^false$/);
    // A reference without a display is named by its target as the replica holds it.
    expect(
      await within(cellOf(tree, 'General Practitioner')).findByRole('link', { name: 'Alice Smith' })
    ).toHaveAttribute('href', '/Practitioner/me');
    expect(
      within(cellOf(tree, 'Managing Organization')).getByRole('link', { name: 'General Hospital' })
    ).toHaveAttribute('href', '/Organization/o1');
    expect(within(cellOf(tree, 'Photo')).getByRole('img', { name: 'Ana' })).toHaveAttribute(
      'src',
      'https://example.org/ana.png'
    );
    const extension = cellOf(tree, 'Extension');
    expect(extension).toHaveTextContent('http://example.org/fhir/favourite-colour');
    expect(extension).toHaveTextContent('teal');
    // A backbone element shows its own fields, each by its type.
    const contact = cellOf(tree, 'Contact');
    expect(cellOf(contact, 'Name')).toHaveTextContent('Luis Morales');
    expect(cellOf(contact, 'Gender')).toHaveTextContent('male');
    // Empty elements are left out; the narrative and the resource type are not fields.
    expect(within(tree).queryByText('Telecom')).not.toBeInTheDocument();
    expect(within(tree).queryByText('Resource Type')).not.toBeInTheDocument();
  });

  it('shows an Observation: quantities with units, instants in local time, an attachment as a link', async () => {
    const observation: Observation = {
      resourceType: 'Observation',
      id: 'o1',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
      valueQuantity: { value: 72, unit: '/min' },
      issued: '2024-03-02T09:30:00Z',
      component: [{ code: { text: 'Rhythm' }, valueString: 'regular' }],
      derivedFrom: [{ reference: 'Media/m1' }],
      extension: [
        {
          url: 'http://example.org/fhir/tracing',
          valueAttachment: {
            contentType: 'application/pdf',
            url: 'https://example.org/t.pdf',
            title: 'Tracing',
          },
        },
      ],
    };
    h.render(<ResourceDisplay resource={observation} />);
    const tree = await screen.findByRole('table', { name: 'Resource details' });
    expect(cellOf(tree, 'Code')).toHaveTextContent(/^Heart rate$/);
    expect(cellOf(tree, 'Value Quantity')).toHaveTextContent(/^72 \/min$/);
    expect(cellOf(tree, 'Issued')).toHaveTextContent(/^2024-03-02 \d\d:30$/);
    expect(cellOf(cellOf(tree, 'Component'), 'Value String')).toHaveTextContent('regular');
    expect(within(cellOf(tree, 'Derived From')).getByRole('link', { name: 'Media/m1' })).toHaveAttribute(
      'href',
      '/Media/m1'
    );
    expect(within(cellOf(tree, 'Extension')).getByRole('link', { name: 'Tracing' })).toHaveAttribute(
      'href',
      'https://example.org/t.pdf'
    );
  });

  it('names an element the schema does not know, and a type whose schema the server lacks', async () => {
    const odd = { ...patient, favouriteColour: 'teal' } as Patient;
    const { unmount } = h.render(<ResourceDisplay resource={odd} />);
    expect(await screen.findByText('No element Patient.favouriteColour in the schema')).toBeInTheDocument();
    unmount();
    h.answerPage((path) =>
      path.startsWith('StructureDefinition?')
        ? { resourceType: 'Bundle', type: 'searchset', entry: [] }
        : undefined
    );
    h.render(<ResourceDisplay resource={{ resourceType: 'Basic', id: 'b1', code: { text: 'x' } }} />);
    expect(await screen.findByText('No schema for Basic')).toBeInTheDocument();
  });

  it('keeps the schema it loaded in the replica, compacted, for offline use', async () => {
    h.render(<ResourceDisplay resource={{ resourceType: 'Device', id: 'd1', manufacturer: 'Acme' }} />);
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    await expect
      .poll(async () => h.replica.transaction((tx) => tx.getDefinition('schema/Device')))
      .toMatchObject({ value: [{ resourceType: 'StructureDefinition', type: 'Device' }] });
    const row = await h.replica.transaction((tx) => tx.getDefinition('schema/Device'));
    const [definition] = row?.value as { snapshot: { element: object[] }; text?: unknown }[];
    expect(definition?.text).toBeUndefined();
    expect(definition?.snapshot.element.length).toBeGreaterThan(10);
  });

  it('says when the schema is neither kept here nor reachable', async () => {
    h.setOnline(false);
    h.render(<ResourceDisplay resource={{ resourceType: 'Flag', id: 'f1', status: 'active' } as never} />);
    expect(
      await screen.findByText(
        'The schema of Flag is not kept on this device, and the server cannot be reached.'
      )
    ).toBeInTheDocument();
  });
});
