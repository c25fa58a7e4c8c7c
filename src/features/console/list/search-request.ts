import { DEFAULT_PAGE_SIZE } from '@/ui';
import { MODIFIER_OPERATORS, PREFIXED_TYPES, type FilterOperator } from './operators';

/**
 * The search of a resource list as the search control edits it, and its URL form. The URL holds the
 * whole search (filters, sort, columns, page), so a list can be shared and the back button works.
 */

export interface ListFilter {
  /** Search parameter code ('birthdate'). */
  code: string;
  operator: FilterOperator;
  value: string;
}

export interface SortRule {
  code: string;
  descending: boolean;
}

export interface ListSearch {
  filters: ListFilter[];
  sort: SortRule[];
  /** Columns in order; undefined: the type's defaults. */
  fields?: string[];
  offset: number;
  count: number;
  /** Parameters the control does not edit (`_filter`, `_include`, other modifiers), kept as they are. */
  other: [string, string][];
}

/** Result parameters the control reads itself. */
const CONTROL_PARAMETERS = new Set(['_sort', '_fields', '_offset', '_count', '_total']);
/** Result parameters that are not filters; kept untouched. */
const KEPT_PARAMETERS = new Set([
  '_filter',
  '_include',
  '_revinclude',
  '_summary',
  '_elements',
  '_format',
  '_pretty',
]);

const PREFIX = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)(?=[-+\d.])/;

const whole = (text: string | null, fallback: number): number => {
  const value = Number(text ?? fallback);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};

/** Reads a list's search from its URL; `typeOf` names each search parameter's type (prefixes apply to some). */
export function parseListSearch(
  params: URLSearchParams,
  typeOf: (code: string) => string | undefined
): ListSearch {
  const search: ListSearch = {
    filters: [],
    sort: [],
    offset: whole(params.get('_offset'), 0),
    count: whole(params.get('_count'), DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE,
    other: [],
  };
  for (const [key, value] of params) {
    if (key === '_sort') {
      search.sort.push(
        ...value
          .split(',')
          .filter(Boolean)
          .map((code) => ({ code: code.replace(/^-/, ''), descending: code.startsWith('-') }))
      );
    } else if (key === '_fields') {
      search.fields = value.split(',').filter(Boolean);
    } else if (CONTROL_PARAMETERS.has(key) || KEPT_PARAMETERS.has(key)) {
      if (KEPT_PARAMETERS.has(key)) search.other.push([key, value]);
    } else {
      const [code = '', modifier] = key.split(':');
      if (modifier !== undefined) {
        if (MODIFIER_OPERATORS.has(modifier as FilterOperator)) {
          search.filters.push({ code, operator: modifier as FilterOperator, value });
        } else search.other.push([key, value]);
        continue;
      }
      const prefix = PREFIXED_TYPES.has(typeOf(code) ?? '') ? PREFIX.exec(value)?.[1] : undefined;
      search.filters.push(
        prefix
          ? { code, operator: prefix as FilterOperator, value: value.slice(prefix.length) }
          : { code, operator: 'eq', value }
      );
    }
  }
  return search;
}

/** One filter as a URL parameter. */
export function filterParameter(filter: ListFilter): [string, string] {
  if (MODIFIER_OPERATORS.has(filter.operator)) return [`${filter.code}:${filter.operator}`, filter.value];
  if (filter.operator === 'eq') return [filter.code, filter.value];
  return [filter.code, `${filter.operator}${filter.value}`];
}

/** The URL query of a list's search (page size only when not the default, offset only when past the first page). */
export function formatListSearch(search: ListSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of search.filters) params.append(...filterParameter(filter));
  for (const [key, value] of search.other) params.append(key, value);
  if (search.sort.length > 0) {
    params.set('_sort', search.sort.map((rule) => `${rule.descending ? '-' : ''}${rule.code}`).join(','));
  }
  if (search.fields) params.set('_fields', search.fields.join(','));
  if (search.count !== DEFAULT_PAGE_SIZE) params.set('_count', String(search.count));
  if (search.offset > 0) params.set('_offset', String(search.offset));
  return params;
}

/** A changed search starts again on the first page. */
export function withFilters(search: ListSearch, filters: ListFilter[]): ListSearch {
  return { ...search, filters, offset: 0 };
}

export function withSort(search: ListSearch, code: string, descending: boolean): ListSearch {
  return { ...search, sort: [{ code, descending }], offset: 0 };
}

/** Quick filters of a date parameter, relative to today. */
export const QUICK_DATE_FILTERS = [
  'today',
  'yesterday',
  'tomorrow',
  'this month',
  'last month',
  'next month',
  'year to date',
] as const;
export type QuickDateFilter = (typeof QUICK_DATE_FILTERS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const month = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

/**
 * The filters of a quick date filter on `code`, on the user's calendar at `now` (ms). A day or a
 * month is one value at that precision, which FHIR matches as the whole period.
 */
export function quickDateFilters(code: string, quick: QuickDateFilter, now: number): ListFilter[] {
  const today = new Date(now);
  const shiftDays = (n: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + n);
  const shiftMonths = (n: number) => new Date(today.getFullYear(), today.getMonth() + n, 1);
  if (quick in DAY_SHIFTS) return [{ code, operator: 'eq', value: day(shiftDays(DAY_SHIFTS[quick] ?? 0)) }];
  if (quick in MONTH_SHIFTS) {
    return [{ code, operator: 'eq', value: month(shiftMonths(MONTH_SHIFTS[quick] ?? 0)) }];
  }
  // Year to date: from the first of January to today, both included.
  return [
    { code, operator: 'ge', value: `${today.getFullYear()}-01-01` },
    { code, operator: 'le', value: day(today) },
  ];
}

/** Quick filters of one day: how many days from today. */
const DAY_SHIFTS: Partial<Record<QuickDateFilter, number>> = { today: 0, yesterday: -1, tomorrow: 1 };
/** Quick filters of one month: how many months from this one. */
const MONTH_SHIFTS: Partial<Record<QuickDateFilter, number>> = {
  'this month': 0,
  'last month': -1,
  'next month': 1,
};
