import type { OperationOutcome, StructureDefinition } from '@medplum/fhirtypes';
import {
  executeSync,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import type { GlobalDefinitions } from '../definitions';
import { FhirError, forbidden, methodNotAllowed } from '../outcome';
import type { FhirRequest, FhirResponse } from '../request';
import { getSearchRegistry } from '../search';
import { limitErrors, MAX_TOKENS } from './limits';
import { FhirTypeModel } from './model';
import { resolvers, type GraphQLContext } from './resolvers';
import { buildSchema } from './schema';

/** The longest query text accepted. */
export const MAX_QUERY_LENGTH = 100_000;
const MAX_CACHED_SCHEMAS = 64;

/** A 400 whose OperationOutcome has one issue per GraphQL error, as a Medplum server answers. */
class GraphQLRequestError extends FhirError {
  constructor(readonly messages: readonly string[]) {
    super(400, messages.join('; '));
  }

  override toOutcome(): OperationOutcome {
    return {
      resourceType: 'OperationOutcome',
      issue: this.messages.map((text) => ({ severity: 'error', code: 'invalid', details: { text } })),
    };
  }
}

/** The type model of one set of definitions and its schemas by the resource types a query names (LRU). */
interface Generated {
  model: FhirTypeModel;
  schemas: Map<string, GraphQLSchema>;
}
const generated = new WeakMap<GlobalDefinitions, Generated>();

function generatedFor(definitions: GlobalDefinitions): Generated {
  let found = generated.get(definitions);
  if (!found) {
    const model = new FhirTypeModel(definitions.all('StructureDefinition') as Iterable<StructureDefinition>);
    generated.set(definitions, (found = { model, schemas: new Map() }));
  }
  return found;
}

/** Every resource type the definitions describe. */
export function allResourceTypes(definitions: GlobalDefinitions): readonly string[] {
  return generatedFor(definitions).model.resourceTypes;
}

/** The schema for the resource types a query names, built on first use and kept. */
export function schemaFor(definitions: GlobalDefinitions, named: readonly string[]): GraphQLSchema {
  const { model, schemas } = generatedFor(definitions);
  const key = [...new Set(named.filter((t) => model.isResourceType(t)))].sort().join(',');
  let schema = schemas.get(key);
  if (schema) {
    schemas.delete(key);
  } else {
    schema = buildSchema(model, getSearchRegistry(), key ? key.split(',') : [], resolvers);
    if (schemas.size >= MAX_CACHED_SCHEMAS) schemas.delete(schemas.keys().next().value as string);
  }
  schemas.set(key, schema);
  return schema;
}

/** Resource types a document names: root fields `T`, `TList`, `TConnection` and fragment type conditions. */
export function namedTypes(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Field(node) {
      const name = node.name.value;
      names.add(name.replace(/(List|Connection)$/, ''));
    },
    NamedType(node) {
      names.add(node.name.value);
    },
  });
  return [...names];
}

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/**
 * `POST $graphql` with `{ query, operationName?, variables? }`. A syntax error, an unknown field or
 * a query over the depth or cost limits gets a 400 OperationOutcome; errors while resolving
 * (a missing resource, a bad search argument) come back beside the data in GraphQL's `errors`.
 */
export function graphqlOperation(
  definitions: GlobalDefinitions,
  request: FhirRequest,
  route: (request: FhirRequest) => FhirResponse
): FhirResponse {
  if (request.method !== 'POST')
    throw methodNotAllowed(`${request.method} is not allowed on $graphql; use POST`);
  const body = request.body as { query?: unknown; operationName?: unknown; variables?: unknown } | undefined;
  const query = body?.query;
  if (typeof query !== 'string' || query.trim() === '')
    throw new GraphQLRequestError(['Must provide query.']);
  if (query.length > MAX_QUERY_LENGTH) {
    throw new GraphQLRequestError([`The query is longer than ${MAX_QUERY_LENGTH} characters`]);
  }
  const operationName = body?.operationName;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new GraphQLRequestError(['operationName must be a string']);
  }
  const variables = body?.variables;
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    throw new GraphQLRequestError(['variables must be an object']);
  }

  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_TOKENS });
  } catch (err) {
    const detail = err instanceof GraphQLError ? ` ${describe(err)}` : '';
    throw new GraphQLRequestError([`GraphQL syntax error.${detail}`]);
  }
  const tooMuch = limitErrors(document);
  if (tooMuch.length > 0) throw new GraphQLRequestError(tooMuch);
  if (asksForIntrospection(document)) throw forbidden('GraphQL introspection is not enabled on this server');

  const schema = schemaFor(definitions, namedTypes(document));
  const invalid = validate(schema, document, specifiedRules, { maxErrors: 20 });
  if (invalid.length > 0) throw new GraphQLRequestError(invalid.map(describe));

  const context: GraphQLContext = { route, baseUrl: request.baseUrl, searches: 0, reads: 0 };
  const result = executeSync({
    schema,
    document,
    contextValue: context,
    operationName: (operationName as string | null | undefined) ?? undefined,
    variableValues: (variables as Record<string, unknown> | null | undefined) ?? undefined,
  });
  // The answer is GraphQL's JSON ({ data, errors }), not a FHIR resource; it is sent as it is.
  const answer = result.errors ? { ...result, errors: result.errors.map((e) => e.toJSON()) } : result;
  return { status: 200, body: answer as unknown as FhirResponse['body'] };
}

/** A GraphQL error's message with where it is in the query. */
function describe(error: GraphQLError): string {
  const at = error.locations?.[0];
  const message = error.message.replace(/^Syntax Error: /, '');
  return at ? `${message} (line ${at.line}, column ${at.column})` : message;
}

function asksForIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (INTROSPECTION_FIELDS.has(node.name.value)) found = true;
    },
  });
  return found;
}
