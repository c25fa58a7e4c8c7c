import type { Binary } from '@medplum/fhirtypes';
import type { FhirEngine } from '@mocks/engine';
import { errorResponse, FHIR_JSON } from '@mocks/engine/http';
import { FhirError, forbidden, methodNotAllowed, notFound, successOutcome } from '@mocks/engine/outcome';
import type {
  OperationRegistry,
  OperationTarget,
  ServerOperation,
  ServerOperationCall,
} from '@mocks/engine/operation-registry';
import type { Clock, RequestContext } from '@mocks/engine/types';
import { belowBase, type ServerRoute } from '@mocks/routing/route-table';
import {
  binaryText,
  exportedResources,
  exportedTypes,
  groupPatients,
  JOB_STATE_CONTENT_TYPE,
  NDJSON,
  readExportParameters,
  textBinary,
  type ExportJobState,
  type ExportRequest,
} from './export-job';

export interface ExportServiceOptions {
  /** The current engine (a reset of the fake server replaces it). */
  engine: () => FhirEngine;
  clock: Clock;
  /** The FHIR base path, e.g. '/fhir/R4/'. */
  basePath: string;
  newId?: () => string;
}

export interface ExportService {
  /** Starts a job: `$export`, `Patient/$export` or `Group/{id}/$export` (GET or POST). */
  kickoff(call: ServerOperationCall): Promise<Response>;
  /** GET job/{id}/status: 202 while the job runs, then its manifest; DELETE cancels it. */
  status(request: Request, context: RequestContext, id: string): Response;
  /** Resolves once every running job has finished (for tests and benchmarks). */
  settled(): Promise<void>;
}

interface RunningJob {
  engine: FhirEngine;
  projectId: string;
  state: ExportJobState;
  progress: { done: number; total: number };
  cancelled: boolean;
  error?: string;
  finished: Promise<void>;
}

/** How often a client should poll a running job, in seconds (Retry-After). */
const POLL_AFTER_SECONDS = '1';

/**
 * Bulk Data export as an asynchronous job: `$export`, `Patient/$export` and `Group/{id}/$export` answer
 * 202 with Content-Location to `job/{id}/status`, which answers 202 (X-Progress) while the job runs and
 * then the manifest. Each resource type becomes one NDJSON Binary in the project. The job's state is a
 * Binary too, so a job that was running when the server stopped starts again at the next poll.
 */
export function createExportService(options: ExportServiceOptions): ExportService {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const jobs = new Map<string, RunningJob>();

  const start = (engine: FhirEngine, projectId: string, state: ExportJobState): RunningJob => {
    const job: RunningJob = {
      engine,
      projectId,
      state,
      progress: { done: 0, total: 0 },
      cancelled: false,
      finished: Promise.resolve(),
    };
    saveState(engine, projectId, state);
    job.finished = run(job, newId).catch((error: unknown) => {
      job.error = error instanceof Error ? error.message : String(error);
    });
    jobs.set(state.id, job);
    return job;
  };

  const startJob = (
    request: Request,
    context: RequestContext,
    target: OperationTarget,
    body: unknown
  ): Response => {
    const engine = options.engine();
    const url = new URL(request.url);
    const exportRequest: ExportRequest = {
      request: request.url,
      ...readExportParameters(url.searchParams, body),
    };
    if (target.resourceType === 'Patient') exportRequest.patients = 'all';
    if (target.resourceType === 'Group')
      exportRequest.patients = groupPatients(engine, context.projectId, target.id as string);
    const state: ExportJobState = {
      ...exportRequest,
      id: newId(),
      transactionTime: new Date(options.clock.now()).toISOString(),
      status: 'in-progress',
    };
    start(engine, context.projectId, state);
    return new Response(JSON.stringify(successOutcome(202, 'Export started')), {
      status: 202,
      headers: {
        'Content-Type': FHIR_JSON,
        'Content-Location': `${url.origin}${options.basePath}job/${state.id}/status`,
      },
    });
  };

  /** The job as this server knows it: running here, or found in the project after a restart. */
  const find = (context: RequestContext, id: string): RunningJob => {
    const engine = options.engine();
    const running = jobs.get(id);
    if (running && running.engine === engine && running.projectId === context.projectId) return running;
    const saved = engine.readResource(context.projectId, 'Binary', id) as Binary | undefined;
    if (saved?.contentType !== JOB_STATE_CONTENT_TYPE) throw notFound(`Export job ${id} not found`);
    const state = JSON.parse(binaryText(saved)) as ExportJobState;
    if (state.status === 'cancelled') throw notFound(`Export job ${id} was cancelled`);
    if (state.status === 'completed') {
      return {
        engine,
        projectId: context.projectId,
        state,
        progress: { done: 1, total: 1 },
        cancelled: false,
        finished: Promise.resolve(),
      };
    }
    // The server stopped while the job ran: it starts again, with the transaction time it was given.
    return start(engine, context.projectId, state);
  };

  const jobStatus = (request: Request, context: RequestContext, id: string): Response => {
    const job = find(context, id);
    if (request.method === 'DELETE') {
      job.cancelled = true;
      jobs.delete(id);
      saveState(job.engine, job.projectId, { ...job.state, status: 'cancelled' });
      return new Response(JSON.stringify(successOutcome(202, `Export job ${id} cancelled`)), {
        status: 202,
        headers: { 'Content-Type': FHIR_JSON },
      });
    }
    if (job.error) throw new FhirError(400, `Export job ${id} failed: ${job.error}`, 'exception');
    if (job.state.status !== 'completed') {
      const { done, total } = job.progress;
      return new Response(
        JSON.stringify(successOutcome(202, `Export in progress: ${done} of ${total} resource types`)),
        {
          status: 202,
          headers: {
            'Content-Type': FHIR_JSON,
            'X-Progress': `${done} of ${total} resource types exported`,
            'Retry-After': POLL_AFTER_SECONDS,
          },
        }
      );
    }
    const base = `${new URL(request.url).origin}${options.basePath}`;
    const manifest = {
      transactionTime: job.state.transactionTime,
      request: job.state.request,
      requiresAccessToken: true,
      output: (job.state.output ?? []).map(({ type, url, count }) => ({ type, url: `${base}${url}`, count })),
      error: [],
    };
    return new Response(JSON.stringify(manifest), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  // Errors are answered with the outcome ids of the engine's answers, as the FHIR base's other answers.
  return {
    async kickoff({ request, context, target }) {
      try {
        const method = request.method.toUpperCase();
        if (method !== 'GET' && method !== 'POST') throw methodNotAllowed('Start an export with GET or POST');
        // An export reads the whole project (or its patients) at once: a caller whose access policy
        // limits what they read (a patient, say) cannot have their policy applied to it, so may not.
        if (context.accessPolicy) throw forbidden('Your access policy does not allow $export');
        const text = method === 'POST' ? await request.text() : '';
        return startJob(request, context, target, parseBody(text));
      } catch (error) {
        return errorResponse(error);
      }
    },
    status(request, context, id) {
      try {
        return jobStatus(request, context, id);
      } catch (error) {
        return errorResponse(error);
      }
    },
    async settled() {
      await Promise.all([...jobs.values()].map((job) => job.finished));
    },
  };
}

/** The Bulk Data kickoffs: `$export`, `Patient/$export` and `Group/{id}/$export`. */
export function registerExportOperations(
  registry: OperationRegistry,
  exports: ExportService
): OperationRegistry {
  const kickoff = { kind: 'server', run: (call) => exports.kickoff(call) } as const satisfies ServerOperation;
  return registry
    .register('system', undefined, '$export', kickoff)
    .register('type', 'Patient', '$export', kickoff)
    .register('instance', 'Group', '$export', kickoff);
}

/** GET or DELETE job/{id}/status below the FHIR base, for callers with a token. */
export function exportStatusRoute(basePath: string, exports: ExportService): ServerRoute {
  return {
    path: belowBase(basePath, ['job', '*', 'status']),
    caller: 'token',
    methods: {
      take: ['GET', 'DELETE'],
      refusal: () => 'Poll an export job with GET, or cancel it with DELETE',
    },
    handle: ({ request, context, params }) => exports.status(request, context, params[1] as string),
  };
}

/** Writes one NDJSON Binary per exported type, giving the event loop a turn between types. */
async function run(job: RunningJob, newId: () => string): Promise<void> {
  const { engine, projectId } = job;
  const types = exportedTypes(engine, projectId, job.state);
  job.progress = { done: 0, total: types.length };
  const output: NonNullable<ExportJobState['output']> = [];
  for (const type of types) {
    await nextTurn();
    if (job.cancelled) return;
    const resources = exportedResources(engine, projectId, job.state, type);
    if (resources.length > 0) {
      const id = newId();
      const lines = resources.map((resource) => JSON.stringify(resource)).join('\n');
      engine.createResource(projectId, textBinary(id, NDJSON, `${lines}\n`));
      output.push({ type, url: `Binary/${id}`, count: resources.length });
    }
    job.progress = { done: job.progress.done + 1, total: types.length };
  }
  if (job.cancelled) return;
  job.state = { ...job.state, status: 'completed', output };
  saveState(engine, projectId, job.state);
}

function saveState(engine: FhirEngine, projectId: string, state: ExportJobState): void {
  engine.createResource(projectId, textBinary(state.id, JOB_STATE_CONTENT_TYPE, JSON.stringify(state)));
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FhirError(400, 'An export request body must be a Parameters resource in JSON', 'invalid');
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
