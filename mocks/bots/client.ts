import type { BotClient } from '../../bots/types';
import type { FhirEngine } from '../engine';
import type { RequestContext } from '../engine/types';
import type { BotCall, BotCallAnswer } from './runner';
import { CLIENT_SOURCE } from './sandbox-source';

export type BotCaller = (call: BotCall) => Promise<BotCallAnswer>;

/** Answers a bot's FHIR calls with the engine, as the given caller (their project and rights). */
export function engineCaller(engine: FhirEngine, context: RequestContext, baseUrl: string): BotCaller {
  return async ({ method, path, body, headers }) => {
    const requestHeaders = new Headers(headers);
    if (body !== undefined && !requestHeaders.has('content-type')) {
      requestHeaders.set('Content-Type', 'application/fhir+json');
    }
    const url = new URL(path.replace(/^\/+/, ''), baseUrl);
    if (!url.href.startsWith(baseUrl)) {
      return { status: 400, body: JSON.stringify(outcome(`${path} is not below the FHIR base`)) };
    }
    const response = await engine.handle(
      new Request(url, { method, headers: requestHeaders, body: method === 'GET' ? undefined : body }),
      context
    );
    return { status: response.status, body: await response.text() };
  };
}

type ClientFactory = (
  send: (
    method: string,
    path: string,
    body?: string,
    headers?: Record<string, string>
  ) => Promise<BotCallAnswer>
) => BotClient;

let factory: ClientFactory | undefined;

/**
 * The very client the sandbox gives bots, built in this realm: for tests that call a bot's handler
 * directly against the engine.
 */
export function inProcessBotClient(caller: BotCaller): BotClient {
  // The client's source is the sandbox's own; evaluating it here keeps one implementation.
  factory ??= new Function(`${CLIENT_SOURCE}; return createBotClient;`)() as ClientFactory;
  return factory((method, path, body, headers) => caller({ method, path, body, headers }));
}

function outcome(text: string) {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'invalid', details: { text } }],
  };
}
