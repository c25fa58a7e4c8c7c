import type { SearchValue } from './values';

/**
 * Exact-match keys of token and reference values, for value indexes. A search value's keys (from
 * the query side) always intersect the keys of every stored value it can match.
 */
export function valueKeys(v: SearchValue): string[] {
  if (v.kind === 'token') {
    if (v.code === undefined) return v.system === undefined ? [] : [`${v.system}|`];
    return [v.code, `${v.system ?? ''}|${v.code}`, ...(v.system === undefined ? [] : [`${v.system}|`])];
  }
  if (v.kind === 'reference') {
    const keys = v.ref ? [v.ref] : [];
    if (v.type && v.id) keys.push(`${v.type}/${v.id}`, v.id);
    return keys;
  }
  return [];
}

/** Whether a parameter type can be narrowed by value keys. */
export const isKeyed = (type: string): boolean => type === 'token' || type === 'reference';
