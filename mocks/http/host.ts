import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { TextResponse } from '../engine/http';
import { FhirError, operationOutcome } from '../engine/outcome';
import { createFakeServer, type FakeServer, type FakeServerOptions } from '../server';
import { BufferedRequest } from './buffered-request';
import { DurableStore } from './durable-store';
import type { JournalOptions } from './journal';
import { readBody, requestLimits, type RequestLimits } from './request-limits';
import { configuredFhirOrigin, contentSecurityPolicy, SECURITY_HEADERS } from './security-headers';
import { serveStatic } from './static-files';
import { acceptWebSockets } from './websockets';
import { corsHeaders, corsPolicy, preflight, type CorsPolicy } from './cors';

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
  /** Body size limits (tests make them small). */
  limits?: Partial<RequestLimits>;
  /** The journal is folded into the snapshot past this size (and the snapshot's); tests make it small. */
  compactJournalAtBytes?: number;
  /** How the journal is flushed to disk (tests make it slow or fail). */
  journal?: JournalOptions;
  /** Origins allowed to call the API from their pages (comma-separated); any loopback origin by default. */
  corsOrigins?: string;
}

export interface HttpHost {
  url: string;
  fake: FakeServer;
  close(): Promise<void>;
}

/**
 * The definitions writes are validated with (about 2 s of CPU to read, during which nothing else is
 * answered) load once requests have stopped coming for this long, so the sign-in page and the app's
 * first requests are not kept waiting behind them; a write that arrives first loads them itself.
 */
const PREPARE_WHEN_IDLE_MS = 300;
/** ...or this long after listening when no request came, or requests kept coming. */
const PREPARE_AT_THE_LATEST_MS = 5_000;

/** The methods the host knows; any other is answered 405 before anything else is read. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** `npm start`: one origin on localhost serving the built app and the fake FHIR server's API. */
export async function startHttpHost(options: HttpHostOptions = {}): Promise<HttpHost> {
  const dataFile = options.dataFile ? resolve(options.dataFile) : undefined;
  if (dataFile && options.reset) DurableStore.remove(dataFile);
  const { store, state, searchIndexes } = loadState(dataFile, options.compactJournalAtBytes, options.journal);
  const fake = createFakeServer({ rememberVerifiedTokens: true, ...options, state });
  for (const [projectId, saved] of Object.entries(searchIndexes ?? {}))
    fake.engine.useSavedSearchIndexes(projectId, saved);
  store?.attach(fake, !state);
  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  const pageHeaders = { 'Content-Security-Policy': contentSecurityPolicy(configuredFhirOrigin(staticDir)) };
  const limits = requestLimits(options.limits);
  const cors = corsPolicy(options.corsOrigins);

  const preparing = idlePreparation(fake);
  const server = createServer((req, res) => {
    preparing.busy();
    answer({ fake, store, staticDir, pageHeaders, limits, cors }, req, res).catch((error: unknown) => {
      // A client that went away mid-request needs no answer.
      if (req.destroyed && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
      // The details stay in the log: a client learns nothing of the server's internals.
      console.error('fake server host:', error);
      send(req, res, outcome(500, 'The server could not answer this request', 'exception'));
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') socket.destroy();
    else refuseOnSocket(socket, 400, 'Bad Request', 'The request could not be read as HTTP');
  });
  // CONNECT (a proxy tunnel) is not something this server offers.
  server.on('connect', (_req: IncomingMessage, socket: Socket) =>
    refuseOnSocket(socket, 405, 'Method Not Allowed', 'The method CONNECT is not allowed')
  );
  const closeWebSockets = acceptWebSockets(server, fake);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 3000, options.hostname ?? '127.0.0.1', () => done());
  });
  preparing.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    fake,
    close: () =>
      new Promise<void>((done) => {
        preparing.cancel();
        closeWebSockets();
        fake.realtime.dispose();
        server.closeAllConnections();
        server.close(() => {
          void (store?.close() ?? Promise.resolve()).then(() => done());
        });
      }),
  };
}

/** Loads the engine's definitions once, when the host goes idle after its first requests (see above). */
function idlePreparation(fake: FakeServer): { start(): void; busy(): void; cancel(): void } {
  let idle: NodeJS.Timeout | undefined;
  let latest: NodeJS.Timeout | undefined;
  let started = false;
  let done = false;
  const prepare = (): void => {
    if (done) return;
    done = true;
    clearTimeout(idle);
    clearTimeout(latest);
    fake.engine.prepare().catch((error: unknown) => console.error('fake server host: definitions', error));
  };
  return {
    start() {
      started = true;
      latest = setTimeout(prepare, PREPARE_AT_THE_LATEST_MS);
    },
    busy() {
      if (!started || done) return;
      clearTimeout(idle);
      idle = setTimeout(prepare, PREPARE_WHEN_IDLE_MS);
    },
    cancel() {
      done = true;
      clearTimeout(idle);
      clearTimeout(latest);
    },
  };
}

function loadState(
  dataFile: string | undefined,
  compactAtBytes: number | undefined,
  journal: JournalOptions | undefined
): Partial<ReturnType<typeof DurableStore.load>> {
  if (!dataFile) return {};
  try {
    return DurableStore.load(dataFile, { compactAtBytes, journal });
  } catch (error) {
    throw new Error(
      `The fake server's data file ${dataFile} cannot be read (${String(error)}). ` +
        'It was left as it is; start with --reset to reseed.'
    );
  }
}

interface Host {
  fake: FakeServer;
  store: DurableStore | undefined;
  staticDir: string | undefined;
  pageHeaders: Record<string, string>;
  limits: RequestLimits;
  cors: CorsPolicy;
}

async function answer(host: Host, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? '').toUpperCase();
  if (!KNOWN_METHODS.has(method)) {
    const refused = outcome(405, `The method ${req.method ?? ''} is not allowed`, 'not-supported');
    refused.headers.set('Allow', [...KNOWN_METHODS].join(', '));
    return send(req, res, refused);
  }
  const url = requestUrl(req);
  if (!url) return send(req, res, outcome(400, 'The request target is not a path on this server'));
  const headers = requestHeaders(req);
  const corsPreflight = preflight(host.cors, method, headers);
  if (corsPreflight) return send(req, res, corsPreflight);
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const read = await readBody(host.fake, req, url, headers, host.limits);
    if (read instanceof Response) return send(req, res, read);
    body = new Uint8Array(read.buffer as ArrayBuffer, read.byteOffset, read.length);
  }
  const request = new BufferedRequest(url, method, headers, body);
  let response = await host.fake.handle(request);
  if (!response) {
    if (host.staticDir && (method === 'GET' || method === 'HEAD')) {
      response = await serveStatic(host.staticDir, url.pathname, request.headers.get('accept') ?? '');
    } else {
      response = outcome(404, `Nothing at ${url.pathname}`, 'not-found');
    }
  }
  // A request that may change something is answered only once every change made so far is on disk.
  // Reads do not wait: they may show a change a moment before its writer hears it is durable.
  if (host.store && method !== 'GET' && method !== 'HEAD') {
    try {
      await host.store.durable();
    } catch {
      // Not acknowledged: the disk did not confirm it, and after a failed flush it never will.
      response = outcome(
        500,
        'The server could not write the change to disk; it is not acknowledged',
        'exception'
      );
    }
  }
  const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
  const cors = corsHeaders(host.cors, headers.get('origin'));
  await send(req, res, response, isPage ? { ...host.pageHeaders, ...cors } : cors);
}

/** The request's absolute URL; undefined for a target that is not a path (absolute-form, '*', garbage). */
function requestUrl(req: IncomingMessage): URL | undefined {
  const target = req.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  try {
    const url = new URL(`http://${req.headers.host ?? 'localhost'}${target}`);
    return url.pathname.startsWith('/') ? url : undefined;
  } catch {
    return undefined;
  }
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    try {
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header value fetch's Headers refuses is left out; the server never needs it.
    }
  }
  return headers;
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  extra: Record<string, string> = {}
): Promise<void> {
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string> = { ...SECURITY_HEADERS, ...extra };
  response.headers.forEach((value, key) => (headers[key] = value));
  const payload = req.method === 'HEAD' ? undefined : await responseBytes(response);
  if (payload) headers['content-length'] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(payload);
}

/** The answer's bytes; a TextResponse's text is taken as it is rather than read back from its stream. */
async function responseBytes(response: Response): Promise<Buffer> {
  if (response instanceof TextResponse && !response.bodyUsed) return Buffer.from(response.bodyText, 'utf8');
  return Buffer.from(await response.arrayBuffer());
}

/** Answers on the raw socket (the HTTP parser gave up on the request, or it asked for a tunnel), then closes. */
function refuseOnSocket(socket: Socket, status: number, reason: string, text: string): void {
  const code = status === 405 ? 'not-supported' : 'invalid';
  const body = JSON.stringify(operationOutcome('error', code, text));
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/fhir+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
}

export function outcome(status: number, text: string, code: FhirError['code'] = 'invalid'): Response {
  return new Response(JSON.stringify(new FhirError(status, text, code).toOutcome()), {
    status,
    headers: { 'Content-Type': 'application/fhir+json' },
  });
}
