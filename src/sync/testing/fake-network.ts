import { base64UrlEncode } from '../auth/pkce';
import type { FetchLike } from '../platform';

/** One request as the fake network saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

type Answer = Response | Error | ((request: RecordedRequest) => Response | Error);

/**
 * A scripted network for unit tests: answers are queued per 'METHOD path' and used in order (the last
 * one repeats). Unscripted requests fail the test loudly.
 */
export class FakeNetwork {
  readonly requests: RecordedRequest[] = [];
  private readonly answers = new Map<string, Answer[]>();

  constructor(readonly baseUrl = 'https://api.example.test/') {}

  on(method: string, path: string, ...answers: Answer[]): this {
    this.answers.set(`${method} ${path}`, answers);
    return this;
  }

  readonly fetch: FetchLike = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    const path = url.startsWith(this.baseUrl) ? url.slice(this.baseUrl.length) : url;
    const request: RecordedRequest = {
      method,
      path,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    this.requests.push(request);
    const queue = this.answers.get(`${method} ${path}`);
    if (!queue?.length) {
      throw new Error(`Unexpected request: ${method} ${path}`);
    }
    const next = queue.length > 1 ? queue.shift() : queue[0];
    const answer = typeof next === 'function' ? next(request) : next;
    if (answer instanceof Error) {
      throw answer;
    }
    return (answer as Response).clone();
  };

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A server's OperationOutcome answer with one error issue. */
export function outcome(text: string, status = 400, code = 'invalid'): Response {
  return json(
    { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, details: { text } }] },
    status
  );
}

/** What browsers throw when the network is down. */
export function networkDown(): TypeError {
  return new TypeError('Failed to fetch');
}

/** An unsigned token carrying the claims the client reads. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.signature`;
}
