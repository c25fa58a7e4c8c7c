/**
 * `npm run bench`: builds the app (the start-up and browser benches need it), then runs every
 * bench/*.bench.ts in turn, each printing its own figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const run = (command: string, args: string[]): number =>
  spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
const benches = readdirSync('bench')
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
let failures = 0;
for (const name of benches) {
  console.log(`\n== bench/${name}`);
  if (run('npx', ['tsx', `bench/${name}`]) !== 0) failures++;
}
process.exit(failures === 0 ? 0 : 1);
