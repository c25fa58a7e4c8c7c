import { parseDateRange, type DateRange } from './dates';
import { searchError } from './errors';
import type { SearchParamDef } from './types';
import { normalizeText, parseReference, type SearchValue } from './values';

export type Prefix = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb' | 'ap';
const PREFIXES = new Set<string>(['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap']);

export type ValueTest = (values: readonly SearchValue[]) => boolean;

/** A compiled condition on one parameter: one value of a comma-separated list. */
export interface CompiledValue {
  test: ValueTest;
  /** Index keys any match must carry; undefined when the value cannot be looked up by key. */
  keys?: string[];
}

/** Splits on an unescaped separator; the parts keep their escapes. */
export function splitEscaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
    } else if (ch === sep) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

export const unescape = (text: string): string => text.replace(/\\(.)/g, '$1');

/** Compiles one value (already split from its comma list) of a parameter with an optional modifier. */
export function compileValue(
  name: string,
  param: SearchParamDef,
  modifier: string | undefined,
  raw: string
): CompiledValue {
  switch (param.type) {
    case 'string':
      return { test: stringTest(name, modifier, unescape(raw)) };
    case 'token':
      return tokenValue(name, modifier, raw);
    case 'reference':
      return referenceValue(name, param, modifier, raw);
    case 'date':
      return { test: dateTest(name, raw) };
    case 'number':
      return { test: numberTest(name, raw, (v) => (v.kind === 'number' ? v.value : undefined)) };
    case 'quantity':
      return { test: quantityTest(name, raw) };
    case 'uri':
      return { test: uriTest(modifier, unescape(raw)) };
    default:
      throw searchError(name, `Search parameter type "${param.type}" is not supported`);
  }
}

/** The modifiers each type accepts besides :missing (reference also takes a target type). */
export const MODIFIERS: Record<string, readonly string[]> = {
  string: ['exact', 'contains'],
  token: ['not', 'text'],
  reference: ['identifier'],
  uri: ['below', 'above'],
  date: [],
  number: [],
  quantity: [],
};

function stringTest(name: string, modifier: string | undefined, q: string): ValueTest {
  if (modifier === 'exact') return (vs) => vs.some((v) => v.kind === 'string' && v.raw === q);
  const n = normalizeText(q);
  if (modifier === 'contains') return (vs) => vs.some((v) => v.kind === 'string' && v.norm.includes(n));
  if (modifier !== undefined) throw searchError(name, `Unknown modifier ":${modifier}"`);
  return (vs) => vs.some((v) => v.kind === 'string' && v.norm.startsWith(n));
}

function tokenValue(name: string, modifier: string | undefined, raw: string): CompiledValue {
  if (modifier === 'text') {
    const n = normalizeText(unescape(raw));
    return {
      test: (vs) => vs.some((v) => v.kind === 'token' && v.text !== undefined && v.text.startsWith(n)),
    };
  }
  const pieces = splitEscaped(raw, '|').map(unescape);
  if (pieces.length > 2) throw searchError(name, `Malformed token "${raw}": expected system|code`);
  const [first = '', second] = pieces;
  let test: ValueTest;
  let keys: string[];
  if (second === undefined) {
    if (first === '') throw searchError(name, 'Empty token value');
    test = (vs) => vs.some((v) => v.kind === 'token' && v.code === first);
    keys = [first];
  } else if (first === '') {
    test = (vs) => vs.some((v) => v.kind === 'token' && v.system === undefined && v.code === second);
    keys = [`|${second}`];
  } else if (second === '') {
    test = (vs) => vs.some((v) => v.kind === 'token' && v.system === first);
    keys = [`${first}|`];
  } else {
    test = (vs) => vs.some((v) => v.kind === 'token' && v.system === first && v.code === second);
    keys = [`${first}|${second}`];
  }
  return { test, keys };
}

const isUrl = (s: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(s);

function referenceValue(
  name: string,
  param: SearchParamDef,
  modifier: string | undefined,
  raw: string
): CompiledValue {
  const q = unescape(raw);
  if (q === '') throw searchError(name, 'Empty reference value');
  if (modifier === 'identifier') {
    const [system, value] = q.includes('|') ? q.split('|', 2) : [undefined, q];
    return {
      test: (vs) =>
        vs.some(
          (v) =>
            v.kind === 'reference' &&
            v.identifier?.value === value &&
            (system === undefined || system === '' || v.identifier.system === system)
        ),
    };
  }
  if (modifier !== undefined && !/^[A-Z][A-Za-z]+$/.test(modifier)) {
    throw searchError(name, `Unknown modifier ":${modifier}"`);
  }
  if (modifier !== undefined && param.targets.length > 0 && !param.targets.includes(modifier)) {
    throw searchError(name, `${modifier} is not a target type of ${param.code}`);
  }
  if (isUrl(q)) {
    const { type, id } = parseReference(q);
    const plain = q.split('|')[0] ?? q;
    const test: ValueTest = (vs) =>
      vs.some(
        (v) =>
          v.kind === 'reference' &&
          (v.ref === q ||
            v.ref.split('|')[0] === plain ||
            (!isUrl(v.ref) && v.ref !== '' && q.endsWith(`/${v.ref}`)))
      );
    return { test, keys: type && id ? [`${type}/${id}`, q, plain] : [q, plain] };
  }
  const slash = q.split('/');
  const [type, id] = slash.length >= 2 ? [slash[0], slash[1]] : [modifier, q];
  if (
    slash.length >= 2 &&
    (!/^[A-Z][A-Za-z]+$/.test(type ?? '') || !id || (slash.length > 2 && slash[2] !== '_history'))
  ) {
    throw searchError(name, `Malformed reference "${q}": expected Type/id, id or a URL`);
  }
  if (modifier !== undefined && type !== modifier)
    throw searchError(name, `Reference "${q}" is not a ${modifier}`);
  if (type === undefined) {
    return {
      test: (vs) => vs.some((v) => v.kind === 'reference' && (v.id === id || v.ref === id)),
      keys: [q],
    };
  }
  return {
    test: (vs) => vs.some((v) => v.kind === 'reference' && v.type === type && v.id === id),
    keys: [`${type}/${id}`],
  };
}

function splitPrefix(name: string, raw: string): { prefix: Prefix; rest: string } {
  const m = /^([a-z]{2})(.*)$/.exec(raw);
  if (!m) return { prefix: 'eq', rest: raw };
  if (!PREFIXES.has(m[1] ?? '')) throw searchError(name, `Unknown prefix "${m[1]}" in "${raw}"`);
  return { prefix: m[1] as Prefix, rest: m[2] ?? '' };
}

function dateTest(name: string, raw: string): ValueTest {
  const { prefix, rest } = splitPrefix(name, raw);
  const s = parseDateRange(rest);
  if (!s) throw searchError(name, `Malformed date "${raw}"`);
  const range = prefix === 'ap' ? approximate(s) : s;
  return (vs) => vs.some((v) => v.kind === 'date' && compareRange(prefix, v, range));
}

function approximate(s: DateRange): DateRange {
  const gap = Math.abs(Date.now() - s.start) * 0.1;
  const slack = Math.max(gap, 86_400_000);
  return { start: s.start - slack, end: s.end + slack };
}

/** FHIR R4 prefix semantics between a target range t and a search range s, both half-open. */
export function compareRange(prefix: Prefix, t: DateRange, s: DateRange): boolean {
  const within = t.start >= s.start && t.end <= s.end;
  switch (prefix) {
    case 'eq':
      return within;
    case 'ne':
      return !within;
    case 'gt':
      return t.end > s.end;
    case 'lt':
      return t.start < s.start;
    case 'ge':
      return t.end > s.end || within;
    case 'le':
      return t.start < s.start || within;
    case 'sa':
      return t.start >= s.end;
    case 'eb':
      return t.end <= s.start;
    case 'ap':
      return t.start < s.end && t.end > s.start;
  }
}

function parseNumber(name: string, text: string): { value: number; half: number } {
  const m = /^[+-]?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) throw searchError(name, `Malformed number "${text}"`);
  const decimals = (m[2]?.length ?? 0) - Number(m[3] ?? 0);
  return { value: Number(text), half: 0.5 * 10 ** -decimals };
}

function numberTest(name: string, raw: string, read: (v: SearchValue) => number | undefined): ValueTest {
  const { prefix, rest } = splitPrefix(name, raw);
  const { value, half } = parseNumber(name, rest);
  const lo = value - half;
  const hi = value + half;
  const check = (t: number): boolean => {
    switch (prefix) {
      case 'eq':
        return t >= lo && t < hi;
      case 'ne':
        return t < lo || t >= hi;
      case 'gt':
      case 'sa':
        return t > value;
      case 'lt':
      case 'eb':
        return t < value;
      case 'ge':
        return t >= lo;
      case 'le':
        return t < hi;
      case 'ap':
        return Math.abs(t - value) <= Math.max(Math.abs(value) * 0.1, half);
    }
  };
  return (vs) =>
    vs.some((v) => {
      const t = read(v);
      return t !== undefined && check(t);
    });
}

function quantityTest(name: string, raw: string): ValueTest {
  const [num = '', system = '', code = '', ...extra] = splitEscaped(raw, '|').map(unescape);
  if (extra.length > 0) throw searchError(name, `Malformed quantity "${raw}": expected number|system|code`);
  const numeric = numberTest(name, num, (v) => (v.kind === 'quantity' ? v.value : undefined));
  return (vs) =>
    numeric(
      vs.filter(
        (v) =>
          v.kind === 'quantity' &&
          (system === '' || v.system === system) &&
          (code === '' || v.code === code || (system === '' && v.unit === code))
      )
    );
}

function uriTest(modifier: string | undefined, q: string): ValueTest {
  if (modifier === 'below') return (vs) => vs.some((v) => v.kind === 'uri' && v.uri.startsWith(q));
  if (modifier === 'above') return (vs) => vs.some((v) => v.kind === 'uri' && q.startsWith(v.uri));
  return (vs) => vs.some((v) => v.kind === 'uri' && v.uri === q);
}
