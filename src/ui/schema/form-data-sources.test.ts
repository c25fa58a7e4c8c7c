import type { ValueSet } from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeReader } from '../replica/memory-reader';
import { ME, replicaHarness, type ReplicaHarness } from '../testing/replica-harness';
import { createFormDataSources, referenceSearchParameter } from './form-data-sources';

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

/** A value set of three colours, listed in its compose (no stored expansion). */
const colourCodes = ['teal', 'tan', 'red'];
const colours: ValueSet = {
  resourceType: 'ValueSet',
  id: 'colours',
  url: 'http://example.org/fhir/ValueSet/colours',
  status: 'active',
  compose: {
    include: [{ system: 'http://example.org/fhir/colours', concept: colourCodes.map((code) => ({ code })) }],
  },
};

const sources = () =>
  createFormDataSources({ fhir: h.fhir, reader: storeReader(h.replica), service: h.service });

describe('the resource form’s data sources', () => {
  it('searches references by a name-like parameter, ten at most, and the replica when offline', async () => {
    expect(referenceSearchParameter('Patient')).toBe('name');
    expect(referenceSearchParameter('Observation')).toBe('code');
    expect(referenceSearchParameter('Device')).toBe('device-name');
    expect(referenceSearchParameter('Binary')).toBe('_id');
    const online = await sources().searchReferences(['Practitioner'], 'Smi');
    expect(online).toEqual([{ reference: ME, display: 'Alice Smith' }]);
    await h.pull(ME);
    h.setOnline(false);
    expect(await sources().searchReferences(['Practitioner'], 'alice')).toEqual([
      { reference: ME, display: 'Alice Smith' },
    ]);
  });

  it('expands a value set on the server and keeps the answer for offline use', async () => {
    await h.serve(colours);
    const online = await sources().expandValueSet(colours.url ?? '', '');
    expect(online.map((coding) => coding.code)).toEqual(['teal', 'tan', 'red']);
    h.setOnline(false);
    // Offline: the kept expansion, filtered here.
    const offline = await sources().expandValueSet(colours.url ?? '', 't');
    expect(offline.map((coding) => coding.code)).toEqual(['teal', 'tan']);
    await expect(sources().expandValueSet('http://example.org/fhir/ValueSet/unknown', '')).rejects.toThrow(
      'is not kept on this device'
    );
  });
});
