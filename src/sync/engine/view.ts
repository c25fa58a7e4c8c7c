import type { Resource } from '@medplum/fhirtypes';
import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';

/** Raised when a change cannot be applied to the local copy; nothing is stored. */
export class ChangeRejectedError extends Error {
  override readonly name = 'ChangeRejectedError';
}

const PROTECTED_PATHS = ['/id', '/resourceType', '/meta'];

/**
 * Applies a JSON Patch to a copy of `resource`, strictly: an operation that does not apply (a missing
 * path, a failed test) rejects the whole change with a message naming it.
 */
export function applyStrict(resource: Resource, operations: Operation[], label: string): Resource {
  for (const op of operations) {
    const touches = [op.path, 'from' in op ? op.from : undefined].filter((p): p is string => !!p);
    if (touches.some((path) => PROTECTED_PATHS.some((p) => path === p || path.startsWith(p + '/')))) {
      throw new ChangeRejectedError(`${label}: ${op.path} is set by the server and cannot be changed`);
    }
  }
  const where = `${resource.resourceType}/${resource.id ?? ''}`;
  const invalid = jsonPatch.validate(operations, undefined);
  if (invalid) throw new ChangeRejectedError(`${label} cannot be applied to ${where}: ${firstLine(invalid)}`);
  try {
    const result = jsonPatch.applyPatch(structuredClone(resource), operations, true, true, true).newDocument;
    return result as Resource;
  } catch (error) {
    throw new ChangeRejectedError(`${label} cannot be applied to ${where}: ${firstLine(error)}`);
  }
}

/**
 * Applies what can be applied of a patch to a newer version than the one it was written against:
 * 'replace' of a missing member becomes 'add', 'remove' of a missing one is skipped, tests are
 * skipped, and an operation that still does not apply is left out. For the local view only.
 */
export function applyTolerant(resource: Resource, operations: Operation[]): Resource {
  let document = structuredClone(resource) as unknown;
  for (const original of operations) {
    if (original.op === 'test') continue;
    const op = adaptToDocument(document, original);
    if (!op) continue;
    try {
      document = jsonPatch.applyOperation(document, op, true, true, true).newDocument;
    } catch {
      // Left out: this operation no longer fits the server's version.
    }
  }
  return document as Resource;
}

/** The operation made to fit `document`: replace→add for a missing member, undefined to skip. */
export function adaptToDocument(document: unknown, op: Operation): Operation | undefined {
  const exists = valueAt(document, op.path) !== undefined;
  if (op.op === 'replace' && !exists) {
    const parent = valueAt(document, parentPath(op.path));
    if (parent !== undefined && !Array.isArray(parent)) return { op: 'add', path: op.path, value: op.value };
    return undefined;
  }
  if (op.op === 'remove' && !exists) return undefined;
  return op;
}

/** The value at a JSON Pointer, undefined when any step is missing. */
export function valueAt(document: unknown, path: string): unknown {
  if (path === '') return document;
  let current = document;
  for (const raw of path.slice(1).split('/')) {
    if (typeof current !== 'object' || current === null) return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function parentPath(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0] ?? message;
  return line.replace(/^[A-Z_]+:\s*/, '');
}
