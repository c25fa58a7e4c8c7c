import type { Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import { adaptToDocument, valueAt } from './view';

/**
 * Lists to which users only ever append (notes, performer types, a task's outputs). A change that
 * appends to them commutes with anyone else's: it is re-based by appending the same new items to the
 * newer list.
 */
export const APPEND_ONLY_LISTS = ['/note', '/performerType', '/output'] as const;

function appendList(path: string): string | undefined {
  return APPEND_ONLY_LISTS.find((list) => path === list || path === `${list}/-`);
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => jsonEqual(left[key], right[key]));
}

/** Two versions of a resource equal in everything but meta (which the server stamps). */
export function sameContent(a: Resource | undefined, b: Resource | undefined): boolean {
  if (!a || !b) return false;
  const { meta: _a, ...left } = a;
  const { meta: _b, ...right } = b;
  return jsonEqual(left, right);
}

const contains = (list: readonly unknown[], item: unknown): boolean => list.some((x) => jsonEqual(x, item));

/** The items a list operation adds: those of its value that the base did not hold. */
function addedItems(op: Operation, base: Resource | undefined, list: string): unknown[] {
  if (op.op !== 'add' && op.op !== 'replace') return [];
  if (op.path.endsWith('/-')) return [op.value];
  const value: unknown = op.value;
  const before = asList(base && valueAt(base, list));
  return Array.isArray(value) ? value.filter((item) => !contains(before, item)) : [];
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** True when every operation appends to an append-only list, so the change can be re-based alone. */
export function onlyAppends(operations: readonly Operation[]): boolean {
  return operations.every(
    (op) =>
      op.op === 'test' || ((op.op === 'add' || op.op === 'replace') && appendList(op.path) !== undefined)
  );
}

/**
 * The operations of a change made on `base`, re-written for `theirs` (a newer server version).
 * Appends become "their list plus my new items", skipping items theirs already holds, so re-basing
 * a change the server has already applied yields nothing to send. Other operations are fitted to
 * theirs (replace of a missing member becomes add; remove of a missing one is dropped): that is
 * "apply mine again" and is only done automatically for changes that commute.
 */
export function rebaseOperations(
  operations: readonly Operation[],
  base: Resource | undefined,
  theirs: Resource
): Operation[] {
  const rebased: Operation[] = [];
  const appended = new Map<string, unknown[]>();
  for (const op of operations) {
    if (op.op === 'test') continue;
    const list = appendList(op.path);
    if (list && (op.op === 'add' || op.op === 'replace')) {
      const items = appended.get(list) ?? [];
      items.push(...addedItems(op, base, list));
      appended.set(list, items);
      continue;
    }
    const fitted = adaptToDocument(theirs, op);
    if (fitted) rebased.push(fitted);
  }
  for (const [list, items] of appended) {
    const current = asList(valueAt(theirs, list));
    const missing: unknown[] = [];
    for (const item of items) if (!contains(current, item) && !contains(missing, item)) missing.push(item);
    if (missing.length > 0) rebased.push({ op: 'add', path: list, value: [...current, ...missing] });
  }
  return rebased;
}
