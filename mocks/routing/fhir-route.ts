import { operationTarget, type OperationRegistry } from '@mocks/engine/operation-registry';
import type { RequestContext } from '@mocks/engine/types';
import { belowBase, type ServerRoute } from './route-table';

/** What answers the FHIR API: the server's operations, and the engine for everything else. */
export interface FhirApi {
  /** The FHIR base path, e.g. '/fhir/R4/'. */
  basePath: string;
  operations: OperationRegistry;
  /** The engine's answer (it runs the engine's own operations, from the same registry). */
  engine(request: Request, context: RequestContext): Promise<Response>;
}

/**
 * A request below the FHIR base (`segments` decoded, '%24' kept): an operation registered to answer
 * requests of its own (bots, $export, binding tokens) answers it, and the engine everything else.
 */
export function answerFhir(
  api: FhirApi,
  request: Request,
  context: RequestContext,
  segments: readonly string[]
): Promise<Response> {
  const target = operationTarget(segments);
  const operation = target && api.operations.find(target);
  if (target && operation?.kind === 'server') {
    const baseUrl = `${new URL(request.url).origin}${api.basePath}`;
    return operation.run({ request, context, target, baseUrl });
  }
  return api.engine(request, context);
}

/** The FHIR API at and below its base, for callers with a token. */
export function fhirRoute(api: FhirApi): ServerRoute {
  return {
    path: belowBase(api.basePath),
    caller: 'token',
    handle: ({ request, context, params }) => answerFhir(api, request, context, params),
  };
}
