import type { Bundle, Reference, Resource } from '@medplum/fhirtypes';
import type { GraphQLFieldResolver } from 'graphql';
import { FhirError } from '../outcome';
import type { FhirRequest, FhirResponse } from '../request';
import { toSearchParameter } from './names';

/** Limits on the work one GraphQL request may cause, so no query blocks the server for others. */
export const MAX_SEARCHES_PER_QUERY = 20;
export const MAX_READS_PER_QUERY = 5000;

/** What resolvers get: the caller's REST route (with its project and access checks) and counters. */
export interface GraphQLContext {
  route: (request: FhirRequest) => FhirResponse;
  baseUrl: string;
  searches: number;
  reads: number;
}

type Resolver = GraphQLFieldResolver<unknown, GraphQLContext, Record<string, unknown>>;

export interface GraphQLResolvers {
  read(resourceType: string): Resolver;
  search(resourceType: string): Resolver;
  connection(resourceType: string): Resolver;
  reference: Resolver;
  listField: Resolver;
}

/** A resolver error a client sees: the words of the OperationOutcome the REST call answered. */
function rest(context: GraphQLContext, request: Omit<FhirRequest, 'baseUrl'>): FhirResponse {
  try {
    return context.route({ ...request, baseUrl: context.baseUrl });
  } catch (err) {
    if (err instanceof FhirError) throw new Error(err.message);
    console.error('GraphQL: unexpected error', err);
    throw new Error('The server could not process this part of the query');
  }
}

function readResource(context: GraphQLContext, resourceType: string, id: string): Resource | undefined {
  if (++context.reads > MAX_READS_PER_QUERY) {
    throw new Error(`A query may read at most ${MAX_READS_PER_QUERY} resources`);
  }
  return rest(context, { method: 'GET', segments: [resourceType, id], query: new URLSearchParams() }).body;
}

function runSearch(
  context: GraphQLContext,
  resourceType: string,
  args: Record<string, unknown>
): { bundle: Bundle; params: URLSearchParams } {
  if (++context.searches > MAX_SEARCHES_PER_QUERY) {
    throw new Error(`A query may run at most ${MAX_SEARCHES_PER_QUERY} searches`);
  }
  const params = new URLSearchParams();
  for (const [arg, value] of Object.entries(args)) {
    if (value !== undefined && value !== null) params.append(toSearchParameter(arg), String(value));
  }
  const body = rest(context, { method: 'GET', segments: [resourceType], query: params }).body;
  return { bundle: body as Bundle, params };
}

const matches = (bundle: Bundle): Resource[] =>
  (bundle.entry ?? []).flatMap((e) => (e.resource && e.search?.mode !== 'include' ? [e.resource] : []));

const REFERENCE = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

/** The resolvers of every generated schema; all per-request state is in the context. */
export const resolvers: GraphQLResolvers = {
  read: (resourceType) => (_source, args, context) => readResource(context, resourceType, String(args.id)),

  search: (resourceType) => (_source, args, context) =>
    matches(runSearch(context, resourceType, args).bundle),

  connection: (resourceType) => (_source, args, context) => {
    const { bundle, params } = runSearch(context, resourceType, args);
    const link = (relation: string): string | undefined =>
      bundle.link?.find((l) => l.relation === relation)?.url;
    return {
      count: bundle.total,
      offset: Number(params.get('_offset') ?? 0),
      pageSize: Number(params.get('_count') ?? 20),
      first: link('first'),
      previous: link('previous'),
      next: link('next'),
      last: link('last'),
      edges: (bundle.entry ?? [])
        .filter((e) => e.search?.mode !== 'include')
        .map((e) => ({ mode: e.search?.mode, score: e.search?.score, resource: e.resource })),
    };
  },

  /** Follows a relative `Type/id` reference with a REST read; other references resolve to null. */
  reference: (source, _args, context) => {
    const ref = (source as Reference | undefined)?.reference;
    const m = ref ? REFERENCE.exec(ref) : null;
    if (!m) return null;
    return readResource(context, m[1] as string, m[2] as string);
  },

  /** A repeating element, cut by `_offset` and `_count` when given. */
  listField: (source, args, _context, info) => {
    const value = (source as Record<string, unknown> | undefined)?.[info.fieldName];
    if (!Array.isArray(value)) return value;
    const offset = typeof args._offset === 'number' ? Math.max(0, args._offset) : 0;
    const count = typeof args._count === 'number' ? Math.max(0, args._count) : undefined;
    return value.slice(offset, count === undefined ? undefined : offset + count);
  },
};
