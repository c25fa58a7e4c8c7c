import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';

/**
 * Starts the `npm start` host on `port` with fresh seed data in `dataFile` (serving the build in
 * `dist`, default `dist`), or on the data already in that file when `reset` is false; resolves with
 * its stop.
 */
export async function startServer(
  port: number,
  dataFile: string,
  dist = 'dist',
  reset = true
): Promise<() => Promise<void>> {
  const base = `http://localhost:${port}`;
  const child = spawn(
    'npx',
    [
      'tsx',
      'mocks/http/main.ts',
      '--port',
      String(port),
      ...(reset ? ['--reset'] : []),
      '--data',
      dataFile,
      '--dist',
      dist,
    ],
    {
      stdio: 'ignore',
      detached: true,
    }
  );
  // A port another bench holds would answer below with that bench's server: stop at its exit instead.
  let exited = false;
  child.once('exit', () => (exited = true));
  const started = performance.now();
  for (;;) {
    if (exited) throw new Error(`The server on port ${port} exited at start (is the port taken?)`);
    try {
      if ((await fetch(`${base}/config.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) throw new Error('The server did not answer within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  };
}

/** Signs in as the demo doctor through the sign-in card and waits for /Task. */
export async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill('doctor@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill('password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/Task/);
}
