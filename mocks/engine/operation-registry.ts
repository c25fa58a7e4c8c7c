import type { Scope } from './interactions';
import { FhirError, methodNotAllowed } from './outcome';
import type { FhirRequest, FhirResponse } from './request';
import type { RequestContext } from './types';

/** Where an operation acts: the whole server (`$name`), a type (`Type/$name`) or one resource (`Type/id/$name`). */
export type OperationLevel = 'system' | 'type' | 'instance';

/** What a request's path asks for: the operation's literal `$name`, its level, and the type and id it names. */
export interface OperationTarget {
  level: OperationLevel;
  name: string;
  resourceType?: string;
  id?: string;
}

/** What an engine operation is given: the caller's scope, the request, and the router for requests of its own. */
export interface EngineOperationCall {
  scope: Scope;
  request: FhirRequest;
  target: OperationTarget;
  route(request: FhirRequest): FhirResponse;
}

/**
 * An operation the FHIR engine answers synchronously, as a request of its own or as a batch entry.
 * `methods`, when given, are checked first (405 for any other); without them the operation checks its own.
 */
export interface EngineOperation {
  kind: 'engine';
  methods?: readonly string[];
  run(call: EngineOperationCall): FhirResponse;
}

/** What a server operation is given: the HTTP request as sent, its caller, and the FHIR base it came to. */
export interface ServerOperationCall {
  request: Request;
  context: RequestContext;
  target: OperationTarget;
  /** The absolute FHIR base URL, ending in '/'. */
  baseUrl: string;
}

/**
 * An operation that answers a whole HTTP request itself (it reads its body as it needs, and may take its
 * time): bots, $export, websocket binding tokens. Only a request of its own reaches it; as a batch entry
 * it is not supported. Errors it throws are answered by the route as an OperationOutcome.
 */
export interface ServerOperation {
  kind: 'server';
  run(call: ServerOperationCall): Promise<Response>;
}

export type Operation = EngineOperation | ServerOperation;

/** Registers an operation under every type when resourceType is ANY_TYPE; a type's own registration wins. */
export const ANY_TYPE = '*';

/**
 * The server's operations, by level, resource type and literal `$name`. Each area registers its own
 * (the engine's, bots', $export's, websocket subscriptions'); the FHIR route and the engine's router
 * find them here, and a name nobody registered is answered 400 not-supported.
 */
export class OperationRegistry {
  private readonly operations = new Map<string, Operation>();

  /** Adds an operation at one level or several; registering a key twice is a mistake in the server's code. */
  register(
    levels: OperationLevel | readonly OperationLevel[],
    resourceType: string | undefined,
    name: `$${string}`,
    operation: Operation
  ): this {
    for (const level of typeof levels === 'string' ? [levels] : levels) {
      const key = keyOf(level, level === 'system' ? undefined : resourceType, name);
      if (this.operations.has(key)) throw new Error(`The operation ${key} is registered twice`);
      this.operations.set(key, operation);
    }
    return this;
  }

  /** The operation registered for a target (its type's own, else one for any type), or undefined. */
  find(target: OperationTarget): Operation | undefined {
    const { level, resourceType, name } = target;
    if (level === 'system') return this.operations.get(keyOf(level, undefined, name));
    return (
      this.operations.get(keyOf(level, resourceType, name)) ??
      this.operations.get(keyOf(level, ANY_TYPE, name))
    );
  }
}

function keyOf(level: OperationLevel, resourceType: string | undefined, name: string): string {
  return `${level} ${resourceType ?? ''} ${name}`;
}

/**
 * The operation a request's own path names: `$name`, `Type/$name` or `Type/id/$name`, with the literal
 * `$` (decoded segments keep '%24' as sent); undefined for any other path.
 */
export function operationTarget(segments: readonly string[]): OperationTarget | undefined {
  const [first, second, third] = segments;
  if (segments.length === 1 && first?.startsWith('$')) return { level: 'system', name: first };
  if (segments.length === 2 && second?.startsWith('$')) {
    return { level: 'type', resourceType: first, name: second };
  }
  if (segments.length === 3 && third?.startsWith('$')) {
    return { level: 'instance', resourceType: first, id: second, name: third };
  }
  return undefined;
}

/** Runs the engine operation a target names; 400 not-supported when there is none (or not in the engine). */
export function runEngineOperation(
  operations: OperationRegistry,
  scope: Scope,
  request: FhirRequest,
  target: OperationTarget,
  route: (request: FhirRequest) => FhirResponse
): FhirResponse {
  const operation = operations.find(target);
  if (operation?.kind !== 'engine') throw notSupported(target);
  if (operation.methods) allow(request, ...operation.methods);
  return operation.run({ scope, request, target, route });
}

/** An operation nobody registered here, named as a Medplum server names it. */
export function notSupported({ name, resourceType, level }: OperationTarget): FhirError {
  const on = level === 'system' ? '' : ` on ${resourceType}`;
  return new FhirError(400, `Operation ${name} is not supported${on}`, 'not-supported');
}

export function allow(request: FhirRequest, ...methods: string[]): void {
  if (!methods.includes(request.method)) {
    throw methodNotAllowed(`${request.method} is not allowed here; use ${methods.join(' or ')}`);
  }
}
