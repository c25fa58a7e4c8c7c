import type { Binary, Bot, Bundle } from '@medplum/fhirtypes';
import type { FhirEngine } from '@mocks/engine';
import type {
  OperationRegistry,
  ServerOperation,
  ServerOperationCall,
} from '@mocks/engine/operation-registry';
import {
  badRequest,
  FhirError,
  forbidden,
  methodNotAllowed,
  notFound,
  successOutcome,
} from '@mocks/engine/outcome';
import type { RequestContext } from '@mocks/engine/types';
import type { SignedInCall } from '@mocks/routing/route-table';
import { engineCaller, type BotCaller } from './client';
import { encodeCode } from './code';
import { readJson, runBot, type BotEnvironment } from './execution';

const FHIR_JSON = 'application/fhir+json';
/** Query parameters of Bot/$execute that pick the bot rather than carry input. */
const BOT_SELECTORS = ['identifier', 'id', 'name'];

/** Bot/{id}/$deploy, Bot/$execute and Bot/{id}/$execute; Bot/$deploy answers 404 naming the right path. */
export function registerBotOperations(
  registry: OperationRegistry,
  environment: () => BotEnvironment
): OperationRegistry {
  const operation = (run: BotOperation): ServerOperation => ({
    kind: 'server',
    run: (call) => runBotOperation(environment(), call, run),
  });
  return registry
    .register(['type', 'instance'], 'Bot', '$deploy', operation(deployOperation))
    .register(['type', 'instance'], 'Bot', '$execute', operation(executeOperation));
}

type BotOperation = (env: BotEnvironment, call: ServerOperationCall, caller: BotCaller) => Promise<Response>;

/** Every bot operation is for a project admin of a project with bots, and acts as them. */
function runBotOperation(
  env: BotEnvironment,
  call: ServerOperationCall,
  run: BotOperation
): Promise<Response> {
  assertBotsEnabled(env.engine(), call.context.projectId);
  requireBotAdmin(call.context);
  return run(env, call, engineCaller(env.engine(), call.context, call.baseUrl));
}

const deployOperation: BotOperation = async (_env, { request, target }, caller) => {
  if (!target.id) throw notFound('Use Bot/{id}/$deploy');
  if (request.method.toUpperCase() !== 'POST') throw methodNotAllowed('Use POST for $deploy');
  return deploy(caller, target.id, await readJsonBody(request));
};

const executeOperation: BotOperation = async (env, { request, context, target, baseUrl }, caller) => {
  const method = request.method.toUpperCase();
  if (method !== 'POST' && method !== 'GET') throw methodNotAllowed('Use GET or POST for $execute');
  const url = new URL(request.url);
  const bot = target.id ? await readBot(caller, target.id) : await findBot(caller, url);
  const { input, contentType } = method === 'GET' ? queryInput(url) : await bodyInput(request);
  const outcome = await runBot(env, { bot, context, baseUrl, input, contentType });
  if (!outcome.ok) {
    throw outcome.timedOut
      ? new FhirError(408, outcome.error, 'timeout')
      : new FhirError(400, outcome.error, 'processing');
  }
  return resultResponse(outcome.result);
};

/** POST admin/projects/{projectId}/bot {name}: creates a Bot in the caller's project and answers it. */
export async function createBotByAdmin(
  engine: FhirEngine,
  { request, context, url, params }: SignedInCall,
  basePath: string
): Promise<Response> {
  if (decodeURIComponent(params[0] ?? '') !== context.projectId)
    throw forbidden('Not a member of that project');
  assertBotsEnabled(engine, context.projectId);
  requireBotAdmin(context);
  const body = (await readJsonBody(request)) as {
    name?: unknown;
    description?: unknown;
    runtimeVersion?: unknown;
  };
  if (typeof body.name !== 'string' || body.name.trim() === '')
    throw badRequest('Bot name is required', 'name');
  const bot: Bot = {
    resourceType: 'Bot',
    name: body.name.trim(),
    runtimeVersion: body.runtimeVersion === 'awslambda' ? 'awslambda' : 'vmcontext',
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
  };
  const caller = engineCaller(engine, context, `${url.origin}${basePath}`);
  const answer = await caller({ method: 'POST', path: 'Bot', body: JSON.stringify(bot) });
  return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': FHIR_JSON } });
}

/** Bot code runs with the caller's rights inside the project: only its admins create, deploy or run bots. */
function requireBotAdmin(context: RequestContext): void {
  if (!context.admin) throw forbidden('Only a project admin can create, deploy or execute bots');
}

/** Bots run only in a project whose features include 'bots', as on a real Medplum server. */
function assertBotsEnabled(engine: FhirEngine, projectId: string): void {
  if (!engine.project(projectId)?.features?.includes('bots')) throw badRequest('Bots not enabled');
}

/** Stores the code as a Binary and points Bot.executableCode at it. */
async function deploy(caller: BotCaller, id: string, body: unknown): Promise<Response> {
  const { code, filename } = (body ?? {}) as { code?: unknown; filename?: unknown };
  if (typeof code !== 'string' || code.trim() === '') throw badRequest('Bot code is required', 'code');
  await readBot(caller, id);
  const binary: Binary = {
    resourceType: 'Binary',
    contentType: 'application/javascript',
    data: encodeCode(code),
  };
  const stored = await send<Binary>(caller, 'POST', 'Binary', binary);
  const attachment = {
    contentType: 'application/javascript',
    url: `Binary/${stored.id}`,
    title: typeof filename === 'string' && filename ? filename : 'index.js',
  };
  await send(
    caller,
    'PATCH',
    `Bot/${encodeURIComponent(id)}`,
    [{ op: 'add', path: '/executableCode', value: attachment }],
    {
      'Content-Type': 'application/json-patch+json',
    }
  );
  return outcomeResponse(200, successOutcome(200, 'Deployed'));
}

function readBot(caller: BotCaller, id: string): Promise<Bot> {
  return readJson<Bot>(caller, `Bot/${encodeURIComponent(id)}`);
}

/** Bot/$execute?identifier=system|value (or ?id=, ?name=): the one bot that matches. */
async function findBot(caller: BotCaller, url: URL): Promise<Bot> {
  const query = new URLSearchParams();
  for (const name of BOT_SELECTORS) {
    const value = url.searchParams.get(name);
    if (value) query.set(name === 'id' ? '_id' : name, value);
  }
  if ([...query.keys()].length === 0)
    throw badRequest('Name the bot: Bot/{id}/$execute or Bot/$execute?identifier=');
  const bundle = await readJson<Bundle<Bot>>(caller, `Bot?${query.toString()}`);
  const bots = (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
  if (bots.length === 0) throw notFound('Bot not found');
  if (bots.length > 1) throw badRequest('More than one bot matches');
  return bots[0] as Bot;
}

async function send<T>(
  caller: BotCaller,
  method: string,
  path: string,
  body: unknown,
  headers?: Record<string, string>
): Promise<T> {
  const answer = await caller({ method, path, body: JSON.stringify(body), headers });
  const parsed = answer.body ? (JSON.parse(answer.body) as unknown) : undefined;
  if (answer.status >= 400) {
    const text = (parsed as { issue?: { details?: { text?: string } }[] })?.issue?.[0]?.details?.text;
    throw new FhirError(answer.status, text ?? `${method} ${path} failed`);
  }
  return parsed as T;
}

/** GET $execute: the query (without the bot selectors) is the input. */
function queryInput(url: URL): { input: unknown; contentType: string } {
  const input: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!BOT_SELECTORS.includes(name)) input[name] = value;
  return { input, contentType: 'application/x-www-form-urlencoded' };
}

/** POST $execute: JSON, a form or text, as sent. */
async function bodyInput(request: Request): Promise<{ input: unknown; contentType: string }> {
  const contentType = (request.headers.get('content-type') ?? 'application/json').split(';')[0]?.trim() ?? '';
  const text = await request.text();
  if (text.trim() === '') return { input: undefined, contentType };
  if (contentType.includes('json')) {
    try {
      return { input: JSON.parse(text) as unknown, contentType };
    } catch {
      throw badRequest('The input is not valid JSON');
    }
  }
  if (contentType === 'application/x-www-form-urlencoded') {
    return { input: Object.fromEntries(new URLSearchParams(text)), contentType };
  }
  return { input: text, contentType };
}

async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The body must be JSON');
  }
}

/** What the bot returned: text as text, anything else as JSON; nothing as an 'OK' outcome. */
function resultResponse(result: unknown): Response {
  if (result === undefined || result === null) return outcomeResponse(200, successOutcome(200, 'Bot ran'));
  if (typeof result === 'string') {
    return new Response(result, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const isResource = typeof (result as { resourceType?: unknown }).resourceType === 'string';
  return new Response(JSON.stringify(result), {
    status: 200,
    headers: { 'Content-Type': isResource ? FHIR_JSON : 'application/json' },
  });
}

function outcomeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': FHIR_JSON } });
}
