/**
 * What the bot sandbox (QuickJS in WebAssembly, in a worker thread) costs a bot run under Node:
 * - cold start: a new runner's first run of a trivial bot (worker thread, TypeScript loader, engine
 *   compile, engine instance, run), each time in a fresh runner;
 * - per-run overhead: a trivial bot on a warm runner (a new engine instance per run, messages to
 *   and from the worker);
 * - the review-report bundle on a warm runner, its two FHIR calls answered at once by a stub;
 * - the engine alone in this thread (instance + run, no worker), to split the worker's share out.
 * Run with `npx tsx bench/bot-sandbox.bench.ts`.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { committedBot } from '../mocks/bots/build';
import { NodeBotRunner } from '../mocks/bots/node-runner';
import { newSandboxEngine, runInQuickJs } from '../mocks/bots/quickjs-sandbox';
import type { BotJob } from '../mocks/bots/runner';
import { DEFAULT_BOT_MEMORY_BYTES } from '../mocks/bots/sandbox-protocol';
import { summarize, type Summary } from './stats';

const COLD_RUNS = Number(process.env.COLD_RUNS ?? 5);
const WARM_RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = 10;
const TRIVIAL = 'exports.handler = async (medplum, event) => ({ got: event.input });';

const report = {
  resourceType: 'DiagnosticReport',
  id: 'report-1',
  status: 'preliminary',
  code: { text: 'Lipid panel' },
  subject: { reference: 'Patient/patient-1' },
};

function job(code: string, input: unknown = { word: 'hi' }): BotJob {
  return {
    code,
    eventJson: JSON.stringify({ input, contentType: 'application/fhir+json', secrets: {}, bot: {} }),
    nowMs: Date.now(),
    timeoutMs: 10_000,
    filename: 'bench-bot.js',
    // A search finds nothing; a create answers the resource with an id.
    call: async ({ method, body }) =>
      method === 'GET'
        ? { status: 200, body: JSON.stringify({ resourceType: 'Bundle', type: 'searchset', entry: [] }) }
        : { status: 201, body: JSON.stringify({ ...(JSON.parse(body ?? '{}') as object), id: 'task-1' }) },
  };
}

async function time(runs: number, once: () => Promise<unknown>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

const line = (name: string, s: Summary): void =>
  console.log(
    `${name.padEnd(44)} median ${s.median.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}, ${s.runs} runs)`
  );

async function expectOk(runner: NodeBotRunner, botJob: BotJob): Promise<void> {
  const outcome = await runner.run(botJob);
  if (!outcome.ok) throw new Error(`bench bot failed: ${outcome.error}`);
}

const cold = await time(COLD_RUNS, async () => {
  const runner = new NodeBotRunner();
  await expectOk(runner, job(TRIVIAL));
  runner.dispose();
});

const runner = new NodeBotRunner();
const reviewReport = await committedBot('review-report');
for (let i = 0; i < WARMUP; i++) await expectOk(runner, job(TRIVIAL));
const warm = await time(WARM_RUNS, () => expectOk(runner, job(TRIVIAL)));
const bundle = await time(WARM_RUNS, () => expectOk(runner, job(reviewReport, report)));
runner.dispose();

const wasmFile = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
const compileStarted = performance.now();
const wasm = await WebAssembly.compile(await readFile(wasmFile));
const compileMs = performance.now() - compileStarted;
const bridge = { call: job(TRIVIAL).call, log: () => undefined };
const engineOnly = await time(WARM_RUNS, async () => {
  const engine = await newSandboxEngine(wasm, DEFAULT_BOT_MEMORY_BYTES);
  const result = await runInQuickJs(engine, job(TRIVIAL), bridge);
  if (!result.ok) throw new Error(result.error);
});

console.log('Bot sandbox (QuickJS/WebAssembly in a worker thread), Node');
line('cold start: new runner, first trivial run', cold);
line('per run: trivial bot, warm runner', warm);
line('per run: review-report bundle, 2 FHIR calls', bundle);
line('engine alone in this thread: instance + run', engineOnly);
console.log(`${'engine compile (once per worker)'.padEnd(44)} ${compileMs.toFixed(1)} ms`);
