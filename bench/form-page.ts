/**
 * The browser half of bench/form.bench.ts: indexes the R4 definitions as the console does, then
 * times rendering the resource form of a Patient with 20 filled elements until the next frame
 * (the form drawn and ready for input). Served by Vite and driven from Node; see form.bench.ts.
 */
import '@mantine/core/styles.css';
import { MantineProvider, TextInput } from '@mantine/core';
import { indexStructureDefinitionBundle } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { defaultDefinitionLoader } from '../mocks/engine/definition-files';
import { ResourceForm } from '../src/features/console/form';
import { summarize, type Summary } from './stats';

/** 20 filled elements: 15 properties, five of them lists of two or three. */
export const FILLED_PATIENT: Patient = {
  resourceType: 'Patient',
  id: 'bench-patient',
  meta: { versionId: '7', lastUpdated: '2024-05-01T10:00:00.000Z' },
  extension: [{ url: 'http://example.org/fhir/eye-colour', valueString: 'brown' }],
  identifier: [
    { system: 'http://example.org/mrn', value: 'MRN-100' },
    { system: 'http://hl7.org/fhir/sid/us-ssn', value: '999-00-1234' },
  ],
  active: true,
  name: [
    { use: 'official', prefix: ['Ms.'], given: ['Ann', 'Marie'], family: 'Lee' },
    { use: 'maiden', given: ['Ann'], family: 'Brown' },
  ],
  telecom: [
    { system: 'phone', use: 'home', value: '555-0100' },
    { system: 'phone', use: 'mobile', value: '555-0199' },
    { system: 'email', use: 'work', value: 'ann.lee@example.com' },
  ],
  gender: 'female',
  birthDate: '1980-05-01',
  deceasedBoolean: false,
  address: [
    {
      use: 'home',
      type: 'both',
      line: ['1 Main St', 'Apt 4'],
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    },
    { use: 'work', line: ['200 Market St'], city: 'Chicago', state: 'IL', postalCode: '60601' },
  ],
  maritalStatus: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus', code: 'M', display: 'Married' },
    ],
    text: 'Married',
  },
  multipleBirthInteger: 2,
  communication: [{ language: { text: 'English' }, preferred: true }],
  generalPractitioner: [{ reference: 'Practitioner/pr1', display: 'Dr. Alice Smith' }],
  managingOrganization: { reference: 'Organization/o1', display: 'Acme Clinic' },
  contact: [{ name: { given: ['Bob'], family: 'Lee' }, telecom: [{ system: 'phone', value: '555-0111' }] }],
};

export interface FormBenchResult {
  indexMs: number;
  /** From render call to the form committed in the DOM. */
  commit: Summary;
  /** From render call to the next frame: drawn and usable. */
  usable: Summary;
  /** Inputs, selects and buttons drawn. */
  inputs: number;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

interface RenderTimes {
  commit: Summary;
  usable: Summary;
  inputs: number;
}

/**
 * Renders `content` (inside Mantine's provider) `runs` times into a fresh root: the time to the
 * committed DOM and to the next frame. The first runs warm the JIT and Mantine's style insertion,
 * as an opened app would be.
 */
async function timeRenders(content: () => ReactNode, runs: number): Promise<RenderTimes> {
  const host = document.createElement('div');
  document.body.append(host);
  const commit: number[] = [];
  const usable: number[] = [];
  let inputs = 0;
  for (let run = -3; run < runs; run++) {
    const root = createRoot(host);
    const start = performance.now();
    flushSync(() => root.render(createElement(MantineProvider, null, content())));
    const committed = performance.now();
    await nextFrame();
    const drawn = performance.now();
    inputs = host.querySelectorAll('input, textarea, select, button').length;
    if (run >= 0) {
      commit.push(committed - start);
      usable.push(drawn - start);
    }
    root.unmount();
    await nextFrame();
  }
  host.remove();
  return { commit: summarize(commit), usable: summarize(usable), inputs };
}

/** For scale on a loaded machine: the same time for 100 plain Mantine text inputs. */
export async function runBaseline(runs: number): Promise<Summary> {
  const fields = () =>
    Array.from({ length: 100 }, (_, index) =>
      createElement(TextInput, { key: index, label: `Field ${index}` })
    );
  return (await timeRenders(fields, runs)).usable;
}

export async function runFormBench(runs: number): Promise<FormBenchResult> {
  const indexStart = performance.now();
  indexStructureDefinitionBundle(await defaultDefinitionLoader('profiles-types'));
  indexStructureDefinitionBundle(await defaultDefinitionLoader('profiles-resources'));
  const indexMs = performance.now() - indexStart;
  const form = () =>
    createElement(ResourceForm, { defaultValue: { ...FILLED_PATIENT }, onSubmit: () => undefined });
  return { indexMs, ...(await timeRenders(form, runs)) };
}
