import type { TypedValue } from '@medplum/core';
import type { SearchParameter } from '@medplum/fhirtypes';
import { parseDateRange } from './dates';

/** The type of a search parameter: string, token, reference, date, number, quantity, uri, composite, special. */
export type SearchParamType = NonNullable<SearchParameter['type']>;

/** A parameter's value in a resource, in the form the matchers and sorters compare. */
export type SearchValue =
  | { kind: 'string'; raw: string; norm: string }
  | { kind: 'token'; system?: string; code?: string; text?: string }
  | {
      kind: 'reference';
      ref: string;
      type?: string;
      id?: string;
      identifier?: { system?: string; value?: string };
    }
  | { kind: 'date'; start: number; end: number }
  | { kind: 'number'; value: number }
  | { kind: 'quantity'; value: number; system?: string; code?: string; unit?: string }
  | { kind: 'uri'; uri: string };

type JsonObject = Record<string, unknown>;

/** Lower case, accents removed: the form string search compares. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const REF_TAIL = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

/** Splits a reference string (relative, absolute or canonical) into type and id when it has them. */
export function parseReference(ref: string): { type?: string; id?: string } {
  const m = REF_TAIL.exec(ref.split('|')[0] ?? ref);
  return m ? { type: m[1], id: m[2] } : {};
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/** How each parameter type turns one FHIRPath result into search values. */
const EXTRACT: Partial<Record<SearchParamType, (v: unknown, out: SearchValue[]) => void>> = {
  string: (v, out) => {
    for (const s of stringParts(v)) out.push({ kind: 'string', raw: s, norm: normalizeText(s) });
  },
  token: (v, out) => tokenParts(v, out),
  reference: (v, out) => referencePart(v, out),
  date: (v, out) => dateParts(v, out),
  number: (v, out) => numberPart(v, out),
  quantity: (v, out) => quantityPart(v, out),
  uri: (v, out) => {
    if (typeof v === 'string') out.push({ kind: 'uri', uri: v });
  },
};

/** Turns raw FHIRPath results into search values of the parameter's type. */
export function toSearchValues(type: SearchParamType, results: readonly TypedValue[]): SearchValue[] {
  const out: SearchValue[] = [];
  const extract = EXTRACT[type];
  if (!extract) return out;
  for (const r of results) {
    const v: unknown = r.value;
    if (v !== undefined && v !== null) extract(v, out);
  }
  return out;
}

function stringParts(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (!isObject(v)) return typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [];
  if ('family' in v || 'given' in v) {
    return [
      ...strings(v.text),
      ...strings(v.family),
      ...strings(v.given),
      ...strings(v.prefix),
      ...strings(v.suffix),
    ];
  }
  if ('line' in v || 'city' in v || 'state' in v || 'postalCode' in v || 'country' in v) {
    const keys = ['text', 'line', 'city', 'district', 'state', 'postalCode', 'country'];
    return keys.flatMap((k) => strings(v[k]));
  }
  return Object.values(v).flatMap((x) => (typeof x === 'string' ? [x] : []));
}

function tokenParts(v: unknown, out: SearchValue[]): void {
  if (typeof v === 'string') out.push({ kind: 'token', code: v });
  else if (typeof v === 'boolean' || typeof v === 'number') out.push({ kind: 'token', code: String(v) });
  else if (!isObject(v)) return;
  else if ('coding' in v || ('text' in v && !('value' in v) && !('code' in v))) {
    const text = str(v.text);
    const codings = Array.isArray(v.coding) ? v.coding.filter(isObject) : [];
    for (const c of codings) {
      out.push({
        kind: 'token',
        system: str(c.system),
        code: str(c.code),
        text: textOf(str(c.display) ?? text),
      });
    }
    if (text !== undefined) out.push({ kind: 'token', text: normalizeText(text) });
  } else if ('code' in v || 'display' in v) {
    out.push({ kind: 'token', system: str(v.system), code: str(v.code), text: textOf(str(v.display)) });
  } else if ('value' in v) {
    const typeText = isObject(v.type) ? str(v.type.text) : undefined;
    out.push({ kind: 'token', system: str(v.system), code: str(v.value), text: textOf(typeText) });
  }
}

const textOf = (t: string | undefined): string | undefined =>
  t === undefined ? undefined : normalizeText(t);

function referencePart(v: unknown, out: SearchValue[]): void {
  if (typeof v === 'string') {
    out.push({ kind: 'reference', ref: v, ...parseReference(v) });
    return;
  }
  if (!isObject(v)) return;
  const ref = str(v.reference);
  const identifier = isObject(v.identifier)
    ? { system: str(v.identifier.system), value: str(v.identifier.value) }
    : undefined;
  if (ref !== undefined) out.push({ kind: 'reference', ref, ...parseReference(ref), identifier });
  else if (identifier) out.push({ kind: 'reference', ref: '', type: str(v.type), identifier });
}

function dateParts(v: unknown, out: SearchValue[]): void {
  if (typeof v === 'string') {
    const r = parseDateRange(v);
    if (r) out.push({ kind: 'date', ...r });
    return;
  }
  if (!isObject(v)) return;
  if ('start' in v || 'end' in v) {
    const start = typeof v.start === 'string' ? parseDateRange(v.start)?.start : undefined;
    const end = typeof v.end === 'string' ? parseDateRange(v.end)?.end : undefined;
    out.push({ kind: 'date', start: start ?? -Infinity, end: end ?? Infinity });
  } else if ('event' in v) {
    for (const e of strings(v.event)) dateParts(e, out);
  }
}

function numberPart(v: unknown, out: SearchValue[]): void {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : isObject(v) ? v.value : undefined;
  if (typeof n === 'number' && Number.isFinite(n)) out.push({ kind: 'number', value: n });
}

function quantityPart(v: unknown, out: SearchValue[]): void {
  if (typeof v === 'number') out.push({ kind: 'quantity', value: v });
  else if (isObject(v) && typeof v.value === 'number') {
    out.push({
      kind: 'quantity',
      value: v.value,
      system: str(v.system),
      code: str(v.code),
      unit: str(v.unit),
    });
  } else if (isObject(v) && (isObject(v.low) || isObject(v.high))) {
    quantityPart(v.low, out);
    quantityPart(v.high, out);
  }
}
