/**
 * What checking a form's change costs before it is queued: the R4 validation and the plausibility
 * rules over the resource the change would leave (the shown resource with its patch applied), once
 * the type's schema is loaded. Budget: a 50-field form checked in ≤ 16 ms (one frame).
 * Run with `npx tsx bench/check-resource.bench.ts` (RUNS=300 by default).
 */
import { indexStructureDefinitionBundle } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import { defaultDefinitionLoader } from '../mocks/engine/definition-files';
import jsonPatch from 'fast-json-patch';
import type { LocalChange } from '../src/sync/engine/types';
import { checkChange } from '../src/ui/save/check-resource';
import { summarize } from './stats';

const RUNS = Number(process.env.RUNS ?? 300);
const BUDGET_MS = 16;

indexStructureDefinitionBundle(await defaultDefinitionLoader('profiles-types'));
indexStructureDefinitionBundle(await defaultDefinitionLoader('profiles-resources'));

/** A patient whose form shows 50 filled fields (each leaf value one field). */
function fiftyFieldPatient(): Patient {
  return {
    resourceType: 'Patient',
    id: 'p1',
    meta: { versionId: '4', lastUpdated: '2025-01-01T00:00:00.000Z' },
    active: true,
    gender: 'female',
    birthDate: '1970-04-01',
    name: [
      { use: 'official', family: 'Okafor', given: ['Ruth', 'Ada'], prefix: ['Dr'] },
      { use: 'maiden', family: 'Eze', given: ['Ruth'] },
    ],
    identifier: Array.from({ length: 5 }, (_, index) => ({
      system: `urn:example:id-${index}`,
      value: `ID-${index}`,
    })),
    telecom: Array.from({ length: 6 }, (_, index) => ({
      system: index % 2 ? 'email' : 'phone',
      use: 'home',
      value: index % 2 ? `ruth${index}@example.org` : `555-01${index}0`,
    })),
    address: Array.from({ length: 2 }, (_, index) => ({
      use: 'home',
      line: [`${index + 1} Main St`],
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    })),
    maritalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus', code: 'M' }],
    },
    communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en' }] }, preferred: true }],
  };
}

const shown = fiftyFieldPatient();
const edited: Patient = { ...shown, name: [{ ...shown.name![0], family: 'Okafor-Eze' }, shown.name![1]!] };
// The patch an edit of the form queues (as editChange makes it).
const change: LocalChange = {
  resourceType: 'Patient',
  id: 'p1',
  kind: 'patch',
  operations: jsonPatch.compare(shown, edited),
  commutes: false,
  label: 'Edit Patient',
};
/** The leaf values of a resource: the fields its form shows filled. */
const leaves = (value: unknown): number =>
  typeof value === 'object' && value !== null
    ? Object.values(value).reduce<number>((n, v) => n + leaves(v), 0)
    : 1;
if (checkChange(change, shown)) throw new Error('The benchmark resource should be valid');

// The first check walks the type's schema for the first time; the steady state is what a form pays.
const firstStarted = performance.now();
checkChange(change, shown);
const firstMs = performance.now() - firstStarted;

const samples: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  checkChange(change, shown);
  samples.push(performance.now() - started);
}
const summary = summarize(samples);
const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(`first check of a ${leaves(shown)}-field Patient edit: ${ms(firstMs)}`);
console.log(
  `check before queueing, ${summary.runs} runs: median ${ms(summary.median)}, p95 ${ms(summary.p95)}, max ${ms(summary.max)} (budget ${BUDGET_MS} ms)`
);
if (summary.p95 > BUDGET_MS) process.exitCode = 1;
