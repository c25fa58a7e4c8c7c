/**
 * What validation adds to every write of the fake server: the one-time load of the definitions and
 * value sets, and the cost of validating one resource (the demo seed's resources, each validated
 * as a create would). Budget: well under 1 ms per small resource, so that the server's write budget
 * (p99 ≤ 50 ms with 1,000 concurrent writes) is not spent on it.
 * Run with `npx tsx bench/validation.bench.ts` (ROUNDS=20 by default).
 */
import type { Resource } from '@medplum/fhirtypes';
import { defaultDefinitionLoader } from '../mocks/engine/definition-files';
import { GlobalDefinitions } from '../mocks/engine/definitions';
import { GlobalTerminology } from '../mocks/engine/terminology';
import { ResourceValidation } from '../mocks/engine/validation';
import { buildSeed } from '../mocks/seed';
import { summarize } from './stats';

const ROUNDS = Number(process.env.ROUNDS ?? 20);

const validation = new ResourceValidation(
  new GlobalDefinitions(defaultDefinitionLoader),
  new GlobalTerminology(defaultDefinitionLoader)
);
const loadStarted = performance.now();
await validation.ensure();
const loadMs = performance.now() - loadStarted;

const resources: Resource[] = buildSeed({ now: new Date('2025-03-10T15:00:00Z') }).resources.map(
  (entry) => entry.resource
);
// The first validation of a type parses its schema; time that apart from the steady state.
const firstStarted = performance.now();
for (const resource of resources) validation.errors(resource);
const firstPassMs = performance.now() - firstStarted;

const byType = new Map<string, number[]>();
const all: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const resource of resources) {
    const started = performance.now();
    validation.errors(resource);
    const ms = performance.now() - started;
    all.push(ms);
    let list = byType.get(resource.resourceType);
    if (!list) byType.set(resource.resourceType, (list = []));
    list.push(ms);
  }
}

const us = (ms: number): string => `${Math.round(ms * 1000)} µs`;
console.log(`load of definitions and value sets: ${Math.round(loadMs)} ms (once per process)`);
console.log(
  `first pass over ${resources.length} seed resources (schemas parsed): ${Math.round(firstPassMs)} ms`
);
const overall = summarize(all);
console.log(
  `per resource, ${overall.runs} validations: median ${us(overall.median)}, p95 ${us(overall.p95)}, max ${us(overall.max)}`
);
for (const type of ['Patient', 'Task', 'Observation', 'Practitioner', 'Communication', 'DiagnosticReport']) {
  const samples = byType.get(type);
  if (!samples) continue;
  const summary = summarize(samples);
  console.log(
    `  ${type.padEnd(16)} median ${us(summary.median)}, p95 ${us(summary.p95)} (${summary.runs} runs)`
  );
}
