/**
 * Draft budgets: keeping a form's unsent input (one write after a pause in typing) costs at most
 * 5 ms of main-thread time, and restoring it when the form opens adds at most 30 ms. Measured in
 * headless Chromium on the replica's IndexedDB.
 *
 * Run with `npx tsx bench/drafts.bench.ts` (RUNS overrides the default 50).
 */
import { callInPage, openBenchModule } from './browser-module';
import type * as DraftsPage from './drafts-page';

const RUNS = Number(process.env.RUNS ?? 50);
const WRITE_BUDGET_MS = 5;
const RESTORE_BUDGET_MS = 30;
const bench = await openBenchModule('/bench/drafts-page.ts', {
  optimize: ['dexie'],
  timeoutMs: 60_000,
});
try {
  const result = await callInPage<typeof DraftsPage, 'runDraftsBench'>(bench.page, 'runDraftsBench', RUNS);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`Drafts in the replica's meta table, headless Chromium; a ${result.size}-character value`);
  console.log(
    `write per pause in typing, main thread: median ${ms(result.writeCall.median)}, p95 ${ms(result.writeCall.p95)}, max ${ms(result.writeCall.max)} (${result.writeCall.runs} runs)`
  );
  console.log(
    `write until durable: median ${ms(result.writeDurable.median)}, p95 ${ms(result.writeDurable.p95)}`
  );
  console.log(
    `restore on open: median ${ms(result.restore.median)}, p95 ${ms(result.restore.p95)}, max ${ms(result.restore.max)}`
  );
  const verdict = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER');
  console.log(
    `budget: write p95 ${ms(result.writeCall.p95)} is ${verdict(result.writeCall.p95, WRITE_BUDGET_MS)} ${WRITE_BUDGET_MS} ms; ` +
      `restore p95 ${ms(result.restore.p95)} is ${verdict(result.restore.p95, RESTORE_BUDGET_MS)} ${RESTORE_BUDGET_MS} ms`
  );
} finally {
  await bench.close();
}
