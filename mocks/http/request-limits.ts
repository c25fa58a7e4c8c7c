import type { IncomingMessage } from 'node:http';
import { FhirError, operationOutcome } from '../engine/outcome';
import type { FakeServer } from '../server';

export interface RequestLimits {
  /** Largest body any caller may send (uploads of attachments included). */
  maxBodyBytes: number;
  /** Largest body read before the caller's token is checked: sign-in bodies are small. */
  maxAnonymousBodyBytes: number;
}

const DEFAULT_LIMITS: RequestLimits = {
  maxBodyBytes: 16 * 1024 * 1024,
  maxAnonymousBodyBytes: 64 * 1024,
};

export function requestLimits(overrides: Partial<RequestLimits> = {}): RequestLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}

/** Paths whose callers have no token yet (sign-in and token requests). */
const ANONYMOUS_PATH = /^\/(auth|oauth2|\.well-known)(\/|$)/;

/**
 * Reads a request body within the limits, or answers instead of reading it:
 * - 413 when the declared length is over the limit, or as soon as the bytes read pass it;
 * - a body larger than an anonymous one (or of unknown length) is read only after its bearer token
 *   is checked, so a caller without a token cannot make the server read megabytes; 401 otherwise.
 * Sign-in paths never take more than the anonymous limit.
 */
export async function readBody(
  fake: FakeServer,
  req: IncomingMessage,
  url: URL,
  headers: Headers,
  limits: RequestLimits
): Promise<Buffer | Response> {
  const declared = declaredLength(req);
  if (declared === 'invalid') return refuse(req, 400, 'The Content-Length header is not a number of bytes');
  const anonymousPath = ANONYMOUS_PATH.test(url.pathname);
  let limit = anonymousPath ? limits.maxAnonymousBodyBytes : limits.maxBodyBytes;
  if (declared !== undefined && declared > limit) return tooLarge(req, limit);
  if (!anonymousPath && (declared === undefined || declared > limits.maxAnonymousBodyBytes)) {
    try {
      await fake.auth.authenticate(new Request(url, { headers }));
    } catch (error) {
      if (!(error instanceof FhirError)) throw error;
      limit = limits.maxAnonymousBodyBytes;
      if (declared !== undefined) return refuse(req, error.status, error.message, error.code);
    }
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    received += (chunk as Buffer).length;
    if (received > limit) return tooLarge(req, limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function declaredLength(req: IncomingMessage): number | undefined | 'invalid' {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  if (!/^\d+$/.test(header)) return 'invalid';
  return Number(header);
}

function tooLarge(req: IncomingMessage, limit: number): Response {
  return refuse(req, 413, `The request body is larger than the limit of ${limit} bytes`, 'too-costly');
}

/** An answer sent without reading the rest of the body; the connection is closed after it. */
function refuse(
  _req: IncomingMessage,
  status: number,
  text: string,
  code: FhirError['code'] = 'invalid'
): Response {
  return new Response(JSON.stringify(operationOutcome('error', code, text)), {
    status,
    headers: { 'Content-Type': 'application/fhir+json', Connection: 'close' },
  });
}
