// Sums the test counts of every runner CI used and prints "N passed, N failed" as the last line.
// Exits non-zero when anything failed or a runner left no report.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, checksPassed, checksFailed] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);

const vitestFile = join(dir, 'vitest.json');
if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A test file that failed to load has no tests in the counts: count it as one failure.
  failed += (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0
  ).length;
  console.log(
    `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`
  );
} else {
  console.log('vitest: no report');
  failed += 1;
}

const e2eFile = join(dir, 'e2e.json');
if (existsSync(e2eFile)) {
  const stats = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  console.log(
    `browser: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped`
  );
  if (stats.expected + stats.unexpected + stats.flaky === 0) failed += 1;
} else {
  console.log('browser: no report');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
