import { FhirError, forbidden } from '@mocks/engine/outcome';
import type { RequestContext } from '@mocks/engine/types';
import type { SignedInCall } from '@mocks/routing/route-table';

/** The longest single move of the server's clock: a year and a day. */
export const MAX_CLOCK_MOVE_MS = 366 * 24 * 60 * 60 * 1000;
/** How far ahead of real time the clock may run in all, so every date it gives stays valid. */
export const MAX_CLOCK_OFFSET_MS = 100 * 366 * 24 * 60 * 60 * 1000;

/** What the developer controls act on. */
export interface DevControlTarget {
  /** Milliseconds the clock runs ahead of real time. */
  clockOffset(): number;
  /** Moves the clock (already validated) and runs what became due; answers the new time. */
  advanceClock(ms: number): Promise<Date>;
  /**
   * Reseeds the server's own (seeded) projects and keeps the ones people registered; replaces the
   * data only once the new data is complete. Throws FhirError(403) for a caller who may not.
   */
  reset(caller: RequestContext): void;
}

/** The developer controls, each a POST at /$fake/{name}; the route table answers any other name 404. */
export const DEV_CONTROL_PATH = /^\/\$fake\/(clock|reset)$/;
/** Their answers, errors included, are never kept by a cache. */
export const DEV_CONTROL_HEADERS = { 'Cache-Control': 'no-store' };

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/fhir+json', ...DEV_CONTROL_HEADERS },
  });

/**
 * POST /$fake/clock and POST /$fake/reset. They change the whole server, so they need a project
 * admin's bearer token and a JSON body: a plain form or text/plain post from another page (which a
 * browser sends without asking) is refused before anything changes.
 */
export async function devControl(
  target: DevControlTarget,
  { request, context, params }: SignedInCall
): Promise<Response> {
  if (!context.admin) throw forbidden('Only a project admin may use the developer controls');
  const body = await readJsonObject(request);
  if (params[0] === 'reset') {
    target.reset(context);
    return json(200, { reset: true });
  }
  const ms = readClockMove(body, target.clockOffset());
  const now = await target.advanceClock(ms);
  return json(200, { now: now.toISOString() });
}

/** The body must be declared as JSON and be one JSON object. */
async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new FhirError(415, 'The developer controls take a JSON body (Content-Type: application/json)');
  }
  let parsed: unknown;
  try {
    const text = await request.text();
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new FhirError(400, 'The body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FhirError(400, 'The body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** advanceMs: a whole, finite, non-negative number of milliseconds that keeps the clock in range. */
function readClockMove(body: Record<string, unknown>, offset: number): number {
  const ms = body.advanceMs;
  const days = MAX_CLOCK_MOVE_MS / 86_400_000;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_CLOCK_MOVE_MS) {
    throw new FhirError(
      400,
      `advanceMs must be a number of milliseconds from 0 to ${MAX_CLOCK_MOVE_MS} (${days} days)`,
      'invalid',
      'advanceMs'
    );
  }
  if (offset + ms > MAX_CLOCK_OFFSET_MS) {
    throw new FhirError(400, 'The clock cannot run more than a hundred years ahead', 'invalid', 'advanceMs');
  }
  return Math.floor(ms);
}
