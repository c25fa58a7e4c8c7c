/**
 * GraphQL budget: the schema query Medplum's client sends for Task (requestSchema) ≤ 20 ms once warm.
 * Also prints the cold first answer (definitions loaded, type model and schema built) and the cold
 * build for a second type. Run with `npx tsx bench/graphql.bench.ts`.
 */
import { createFhirEngine } from '../mocks/engine/engine';
import { aliceContext, PROJECT_ID } from '../mocks/engine/test-helpers';
import { summarize } from './stats';

const RUNS = 200;
const WARMUP = 20;

/** The query text of MedplumClient.requestSchema for a type. */
const schemaQuery = (type: string): string =>
  `{
    StructureDefinitionList(_filter: "name eq ${type}") {
      resourceType, name, kind, description, type, url,
      snapshot { element { id, path, definition, min, max, base { path, min, max }, contentReference,
        type { code, profile, targetProfile }, binding { strength, valueSet } } }
    }
    SearchParameterList(base: "${type}", _count: 100) { base, code, type, expression, target }
  }`.replace(/\s+/g, ' ');

const engine = createFhirEngine();
engine.load({ projects: [{ id: PROJECT_ID, name: 'Bench' }], resources: [] });

async function ask(query: string): Promise<number> {
  const started = performance.now();
  const response = await engine.handle(
    new Request('http://localhost/fhir/R4/$graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
    }),
    aliceContext
  );
  const body = (await response.json()) as {
    data?: { StructureDefinitionList?: unknown[] };
    errors?: unknown;
  };
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.errors || body.data?.StructureDefinitionList?.length !== 1) {
    throw new Error(`Unexpected answer ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return elapsed;
}

const cold = await ask(schemaQuery('Task'));
const secondType = await ask(schemaQuery('Patient'));
for (let i = 0; i < WARMUP; i++) await ask(schemaQuery('Task'));
const samples: number[] = [];
for (let i = 0; i < RUNS; i++) samples.push(await ask(schemaQuery('Task')));
const { median, p95 } = summarize(samples);

console.log(`schema query for Task, cold (definitions loaded, schema built): ${cold.toFixed(0)} ms`);
console.log(`schema query for Patient, first time (its schema built): ${secondType.toFixed(0)} ms`);
console.log(
  `schema query for Task, warm: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${RUNS} runs)`
);
console.log(`budget 20 ms: ${median <= 20 ? 'met' : 'MISSED'}`);
