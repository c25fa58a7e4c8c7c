import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The `npm start` host (mocks/http/main.ts) in a child process, for tests that restart it: another
 * build served on the same port with the same data file. (Its JSON imports need tsx, not the test
 * runner's loader.)
 */
export interface HostProcess {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startHostProcess(options: {
  port: number;
  dataFile: string;
  staticDir: string;
  reset?: boolean;
}): Promise<HostProcess> {
  const args = ['tsx', 'mocks/http/main.ts', '--port', String(options.port), '--data', options.dataFile];
  args.push('--dist', options.staticDir);
  if (options.reset) args.push('--reset');
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The host did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The host exited (${code}):\n${output}`));
    });
  });
  return { url: `http://localhost:${options.port}/`, stop: () => stop(child) };
}

/** SIGTERM to the host's process group (npx and the node under it); the host saves its data first. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}
