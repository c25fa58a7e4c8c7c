import { useState } from 'react';
/**
 * Whether two answers of a replica read hold the same data: arrays, plain objects, Maps and Sets
 * compared member by member, anything else by identity. A subtree shared by both (a record the
 * page's copy of a type hands out again) costs one comparison.
 */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameAnswer(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !sameAnswer(value, b.get(key))) return false;
    return true;
  }
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    for (const value of a) if (!b.has(value)) return false;
    return true;
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(right, key) || !sameAnswer(left[key], right[key])) return false;
  }
  return true;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * `value`, or the object this hook returned before when `value` reads the same: a render that reads
 * an equal copy (a re-read of the replica) hands its children the same object, so they can skip a
 * redraw.
 */
export function useSameAnswer<T>(value: T): T {
  const [kept, setKept] = useState(value);
  const same = value === kept || sameAnswer(value, kept);
  if (!same) setKept(value);
  return same ? kept : value;
}
