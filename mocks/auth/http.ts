import { badRequest, FhirError } from '../engine/outcome';

/** A JSON body as the auth endpoints receive it. */
export type JsonBody = Record<string, unknown>;

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...noStore },
  });
}

export function outcomeResponse(error: FhirError): Response {
  return new Response(JSON.stringify(error.toOutcome()), {
    status: error.status,
    headers: { 'Content-Type': 'application/fhir+json; charset=utf-8', ...noStore },
  });
}

/** An OAuth 2.0 token-endpoint error (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export function oauthErrorResponse(error: OAuthError): Response {
  return jsonResponse({ error: error.error, error_description: error.description }, error.status);
}

/** Reads a JSON object body; anything else is a 400 the caller can read. */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  let parsed: unknown;
  try {
    const text = await request.text();
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Request body must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('Request body must be a JSON object');
  }
  return parsed as JsonBody;
}

/** Reads an application/x-www-form-urlencoded body, as the token endpoint requires. */
export async function readFormBody(request: Request): Promise<URLSearchParams> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'Unsupported content type');
  }
  return new URLSearchParams(await request.text());
}

/** An optional string field; a non-string value is a 400 naming the field. */
export function optionalString(body: JsonBody, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a string`, name);
  return value;
}

/** A required, non-blank string field. */
export function requiredString(body: JsonBody, name: string, message = `Missing ${name}`): string {
  const value = optionalString(body, name);
  if (value === undefined || value.trim() === '') throw badRequest(message, name);
  return value;
}

export function optionalBoolean(body: JsonBody, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw badRequest(`${name} must be true or false`, name);
  return value;
}

/** The credentials of an `Authorization: Basic` header, when there is one. */
export function basicCredentials(request: Request): { id: string; secret: string } | undefined {
  const header = request.headers.get('authorization');
  if (!header?.startsWith('Basic ')) return undefined;
  let decoded: string;
  try {
    decoded = atob(header.slice('Basic '.length).trim());
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The token of an `Authorization: Bearer` header, when there is one. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token === '' ? undefined : token;
}
