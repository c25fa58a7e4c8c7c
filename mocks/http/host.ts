import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createFakeServer, type FakeServer, type FakeServerOptions, type FakeServerState } from '../server';
import { JsonFileStore, debounce } from './persist';
import { serveStatic } from './static-files';

export interface HttpHostOptions extends Omit<FakeServerOptions, 'state'> {
  /** 0 picks a free port. */
  port?: number;
  hostname?: string;
  /** Where the data is kept across restarts; none keeps it in memory only. */
  dataFile?: string;
  /** Start from fresh seed data, discarding the data file. */
  reset?: boolean;
  /** The built app to serve beside the API; none serves the API only. */
  staticDir?: string;
}

export interface HttpHost {
  url: string;
  fake: FakeServer;
  close(): Promise<void>;
}

/** `npm start`: one origin on localhost serving the built app and the fake FHIR server's API. */
export async function startHttpHost(options: HttpHostOptions = {}): Promise<HttpHost> {
  const store = options.dataFile ? new JsonFileStore<FakeServerState>(resolve(options.dataFile)) : undefined;
  if (options.reset) store?.remove();
  const state = readState(store);
  const fake = createFakeServer({ ...options, state });
  const persist = debounce(() => store?.write(fake.snapshot()), 250);
  if (store) {
    fake.subscribe(() => persist.schedule());
    if (!state) persist.schedule();
  }
  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;

  const server = createServer((req, res) => {
    answer(fake, staticDir, req, res).catch((error: unknown) => {
      console.error('fake server host:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error in the fake server host');
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 3000, options.hostname ?? '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    fake,
    close: () =>
      new Promise<void>((done) => {
        persist.flush();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function readState(store: JsonFileStore<FakeServerState> | undefined): FakeServerState | undefined {
  if (!store) return undefined;
  try {
    return store.read();
  } catch (error) {
    throw new Error(
      `The fake server's data file ${store.path} cannot be read (${String(error)}). ` +
        'It was left as it is; start with --reset to reseed.'
    );
  }
}

async function answer(
  fake: FakeServer,
  staticDir: string | undefined,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const request = await toFetchRequest(req);
  let response = await fake.handle(request);
  if (!response) {
    if (staticDir && (request.method === 'GET' || request.method === 'HEAD')) {
      response = await serveStatic(
        staticDir,
        new URL(request.url).pathname,
        request.headers.get('accept') ?? ''
      );
    } else {
      response = new Response('Not found', { status: 404 });
    }
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, headers);
  res.end(request.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
}

async function toFetchRequest(req: IncomingMessage): Promise<Request> {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(url, { method, headers, body: Buffer.concat(chunks) });
}
