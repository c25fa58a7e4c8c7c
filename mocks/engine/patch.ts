import type { Binary, Resource } from '@medplum/fhirtypes';
import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { badRequest, preconditionFailed } from './outcome';
import type { Scope, WriteResult } from './interactions';
import { checkIfMatch, conditionalMatches, readCurrent, updateResource } from './interactions';
import { assertWritable } from './resources';

/** PATCH Type/id with a JSON Patch: a failed `test` op is a 412, a malformed patch a 400. */
export function patchResource(
  scope: Scope,
  resourceType: string,
  id: string,
  operations: unknown,
  ifMatch?: string
): WriteResult {
  assertWritable(resourceType);
  const current = readCurrent(scope, resourceType, id);
  checkIfMatch(resourceType, id, current, ifMatch);
  const patched = applyJsonPatch(current.resource as Resource, operations);
  return updateResource(scope, resourceType, id, patched, undefined, 'PATCH');
}

/** PATCH Type?query: patches the single match. */
export function conditionalPatch(
  scope: Scope,
  resourceType: string,
  query: URLSearchParams,
  operations: unknown,
  ifMatch?: string
): WriteResult {
  assertWritable(resourceType);
  const [match] = conditionalMatches(scope, resourceType, query);
  if (!match?.id) throw badRequest(`No ${resourceType} matches '${query.toString()}'`);
  return patchResource(scope, resourceType, match.id, operations, ifMatch);
}

/** Applies the operations to a copy of the resource; the result keeps its resourceType and id. */
export function applyJsonPatch(resource: Resource, operations: unknown): Resource {
  if (!Array.isArray(operations)) throw badRequest('A JSON Patch must be an array of operations');
  if (operations.length === 0) return resource;
  const malformed = jsonPatch.validate(operations as Operation[]);
  if (malformed)
    throw badRequest(`Invalid JSON Patch operation ${malformed.index ?? ''}: ${describe(malformed)}`);
  let patched: unknown;
  try {
    patched = jsonPatch.applyPatch(
      structuredClone(resource),
      operations as Operation[],
      true,
      true,
      true
    ).newDocument;
  } catch (error) {
    if (error instanceof jsonPatch.JsonPatchError) {
      if (error.name === 'TEST_OPERATION_FAILED') {
        const op = error.operation as { path?: string; value?: unknown } | undefined;
        throw preconditionFailed(`Test failed: ${op?.path ?? ''} is not ${JSON.stringify(op?.value)}`);
      }
      throw badRequest(`Invalid JSON Patch operation ${error.index ?? ''}: ${describe(error)}`);
    }
    throw badRequest(`Invalid JSON Patch: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof patched !== 'object' || patched === null || Array.isArray(patched)) {
    throw badRequest('A patch must leave a resource object');
  }
  const result = patched as Resource;
  if (result.resourceType !== resource.resourceType) throw badRequest('A patch cannot change resourceType');
  if (result.id !== resource.id) throw badRequest('A patch cannot change id');
  return result;
}

/** The operations in a Binary's base64 data, as a batch entry carries a JSON Patch. */
export function patchFromBinary(binary: Binary): unknown {
  if (!binary.data) throw badRequest('The patch Binary has no data');
  try {
    return JSON.parse(decodeBase64(binary.data)) as unknown;
  } catch {
    throw badRequest('The patch Binary does not hold a JSON Patch');
  }
}

function decodeBase64(data: string): string {
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function describe(error: Error): string {
  // The library's message repeats the whole document after the first line: keep only that line.
  const firstLine = error.message.split('\n')[0] ?? error.message;
  const labels: Record<string, string> = {
    SEQUENCE_NOT_AN_ARRAY: 'the patch is not an array',
    OPERATION_NOT_AN_OBJECT: 'an operation is not an object',
    OPERATION_OP_INVALID: 'unknown op',
    OPERATION_PATH_INVALID: 'path must be a JSON Pointer string',
    OPERATION_FROM_REQUIRED: "'from' is required",
    OPERATION_VALUE_REQUIRED: "'value' is required",
    OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED: 'value cannot contain undefined',
    OPERATION_PATH_CANNOT_ADD: 'cannot add at that path',
    OPERATION_PATH_UNRESOLVABLE: 'path does not exist',
    OPERATION_FROM_UNRESOLVABLE: "'from' does not exist",
    OPERATION_PATH_ILLEGAL_ARRAY_INDEX: 'illegal array index',
    OPERATION_VALUE_OUT_OF_BOUNDS: 'array index out of bounds',
  };
  return labels[error.name] ?? firstLine;
}
