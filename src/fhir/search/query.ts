import { searchError } from './errors';
import { compileFilterExpression, type FilterExpression } from './filter';
import { compileValue, MODIFIERS, splitEscaped, type ValueTest } from './match';
import type { SearchParamRegistry } from './registry';
import type { SearchParamDef } from './types';

/** One query parameter: its values are ORed; filters are ANDed. */
export interface Filter {
  /** The query key as written, for messages. */
  name: string;
  param: SearchParamDef;
  test: ValueTest;
  /** Index keys, any of which a match carries; undefined when no index can help. */
  keys?: string[];
  /** A chained parameter: the reference must point to a resource of one of these types matching its filter. */
  chain?: Map<string, Filter>;
}

export interface SortKey {
  param: SearchParamDef;
  descending: boolean;
}

export interface IncludeSpec {
  name: string;
  sourceType: string;
  /** Undefined for the `*` wildcard: every reference parameter of the source type. */
  code?: string;
  targetType?: string;
  iterate: boolean;
}

export interface SearchQuery {
  resourceType: string;
  filters: Filter[];
  sort: SortKey[];
  count: number;
  offset: number;
  include: IncludeSpec[];
  revinclude: IncludeSpec[];
  /** `_filter` expressions, ANDed with the filters and each other. */
  expressions: FilterExpression[];
}

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 1000;
/** Result controls the caller's REST layer handles; the engine accepts and ignores them. */
const IGNORED = new Set(['_total', '_summary', '_elements', '_format', '_pretty']);

/** Parses and validates a search; throws SearchError naming the faulty parameter. */
export function parseSearchQuery(
  registry: SearchParamRegistry,
  resourceType: string,
  params: URLSearchParams
): SearchQuery {
  const query: SearchQuery = {
    resourceType,
    filters: [],
    sort: [],
    count: DEFAULT_COUNT,
    offset: 0,
    include: [],
    revinclude: [],
    expressions: [],
  };
  for (const [key, value] of params) {
    const base = key.split(':')[0] ?? key;
    if (IGNORED.has(base)) continue;
    if (base === '_count') query.count = Math.min(parseCount(key, value), MAX_COUNT);
    else if (base === '_offset') query.offset = parseCount(key, value);
    else if (base === '_sort') query.sort.push(...parseSort(registry, resourceType, key, value));
    else if (base === '_include' || base === '_revinclude') {
      const spec = parseInclude(registry, key, value);
      (base === '_include' ? query.include : query.revinclude).push(spec);
    } else if (base === '_filter') {
      if (key !== '_filter') throw searchError(key, '_filter takes no modifier');
      query.expressions.push(compileFilterExpression(registry, resourceType, value));
    } else query.filters.push(parseFilter(registry, resourceType, key, value));
  }
  return query;
}

function parseCount(key: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw searchError(key, `"${value}" is not a non-negative integer`);
  return Number(value);
}

function parseSort(
  registry: SearchParamRegistry,
  resourceType: string,
  key: string,
  value: string
): SortKey[] {
  if (key !== '_sort') throw searchError(key, 'Unknown modifier on _sort');
  return value.split(',').map((part) => {
    const term = part.trim();
    const descending = term.startsWith('-');
    const code = descending ? term.slice(1) : term;
    const param = registry.getParam(resourceType, code);
    if (!param || param.type === 'composite' || param.type === 'special' || !param.definition.expression) {
      throw searchError('_sort', `Unknown sort key "${code}" for ${resourceType}`);
    }
    return { param, descending };
  });
}

function parseInclude(registry: SearchParamRegistry, key: string, value: string): IncludeSpec {
  const modifier = key.split(':')[1];
  if (modifier !== undefined && modifier !== 'iterate' && modifier !== 'recurse') {
    throw searchError(key, `Unknown modifier ":${modifier}"`);
  }
  const [sourceType, code, targetType, ...extra] = value.split(':');
  if (!sourceType || !code || extra.length > 0)
    throw searchError(key, `Expected Type:parameter[:targetType], got "${value}"`);
  if (code !== '*') {
    const param = registry.getParam(sourceType, code);
    if (!param || param.type !== 'reference')
      throw searchError(key, `${sourceType} has no reference parameter "${code}"`);
    if (targetType && param.targets.length > 0 && !param.targets.includes(targetType)) {
      throw searchError(key, `${targetType} is not a target type of ${sourceType}:${code}`);
    }
  }
  return {
    name: key,
    sourceType,
    code: code === '*' ? undefined : code,
    targetType,
    iterate: modifier !== undefined,
  };
}

/** Parses `code[:modifier][.chained...]=value[,value]`. */
export function parseFilter(
  registry: SearchParamRegistry,
  resourceType: string,
  key: string,
  value: string
): Filter {
  const dot = key.indexOf('.');
  const head = dot < 0 ? key : key.slice(0, dot);
  const [code = '', modifier, ...extra] = head.split(':');
  if (code.startsWith('_has') || code === '_query' || code === '_text' || code === '_content') {
    throw searchError(key, `${code} is not supported`);
  }
  const param = registry.getParam(resourceType, code);
  if (!param) throw searchError(key, `Unknown search parameter "${code}" for ${resourceType}`);
  if (extra.length > 0) throw searchError(key, 'Too many modifiers');
  if (!param.definition.expression || param.type === 'composite' || param.type === 'special') {
    throw searchError(key, `Search parameter "${code}" is not supported`);
  }
  if (dot >= 0) return parseChain(registry, key, param, modifier, key.slice(dot + 1), value);
  if (modifier === 'missing') {
    if (value !== 'true' && value !== 'false') throw searchError(key, ':missing takes true or false');
    const missing = value === 'true';
    return { name: key, param, test: (vs) => (vs.length === 0) === missing };
  }
  const known = MODIFIERS[param.type] ?? [];
  if (modifier !== undefined && !known.includes(modifier) && param.type !== 'reference') {
    throw searchError(key, `Unknown modifier ":${modifier}" for a ${param.type} parameter`);
  }
  const negate = modifier === 'not';
  const parts = splitEscaped(value, ',');
  const compiled = parts.map((raw) => compileValue(key, param, negate ? undefined : modifier, raw));
  const tests = compiled.map((c) => c.test);
  const any: ValueTest = tests.length === 1 && tests[0] ? tests[0] : (vs) => tests.some((t) => t(vs));
  const keys = negate || compiled.some((c) => !c.keys) ? undefined : compiled.flatMap((c) => c.keys ?? []);
  return { name: key, param, test: negate ? (vs) => !any(vs) : any, keys };
}

function parseChain(
  registry: SearchParamRegistry,
  key: string,
  param: SearchParamDef,
  modifier: string | undefined,
  rest: string,
  value: string
): Filter {
  if (param.type !== 'reference')
    throw searchError(key, `Cannot chain on "${param.code}": not a reference parameter`);
  if (modifier !== undefined && !/^[A-Z][A-Za-z]+$/.test(modifier))
    throw searchError(key, `Bad chain modifier ":${modifier}"`);
  if (modifier !== undefined && param.targets.length > 0 && !param.targets.includes(modifier)) {
    throw searchError(key, `${modifier} is not a target type of ${param.code}`);
  }
  const restCode = rest.split(/[.:]/)[0] ?? '';
  const types = modifier ? [modifier] : param.targets;
  const chain = new Map<string, Filter>();
  for (const type of types) {
    if (registry.getParam(type, restCode)) chain.set(type, parseFilter(registry, type, rest, value));
  }
  if (chain.size === 0)
    throw searchError(key, `Bad chain: no target of "${param.code}" has a parameter "${restCode}"`);
  return { name: key, param, test: () => false, chain };
}
