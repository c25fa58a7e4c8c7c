import { SearchError, searchError } from './errors';
import { compileValue, type ValueTest } from './match';
import type { SearchParamRegistry } from './registry';
import type { SearchParamDef } from './types';
import { normalizeText, type SearchValue } from './values';

/** The parsed form of a `_filter` expression. */
export type FilterNode =
  | { kind: 'compare'; path: string; operator: string; value: string }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode };

/** A compiled `_filter`: true when a resource, given by its parameter values, satisfies it. */
export interface FilterExpression {
  text: string;
  matches(valuesOf: (param: SearchParamDef) => readonly SearchValue[]): boolean;
}

/** The operators of FHIR's filter syntax this engine evaluates. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'co',
  'sw',
  'ew',
  'gt',
  'lt',
  'ge',
  'le',
  'sa',
  'eb',
  'ap',
  'pr',
  're',
] as const;
/** Operators of the filter syntax that exist but are not evaluated here. */
const UNSUPPORTED_OPERATORS = new Set(['po', 'ss', 'sb', 'in', 'ni']);
const KNOWN = new Set<string>(FILTER_OPERATORS);

/** Bounds that keep a hostile filter from exhausting the stack or the CPU. */
export const MAX_FILTER_LENGTH = 4000;
export const MAX_FILTER_COMPARISONS = 64;
export const MAX_FILTER_NESTING = 16;

const PARAM = '_filter';
const fail = (message: string): never => {
  throw searchError(PARAM, message);
};

interface Token {
  kind: 'open' | 'close' | 'word' | 'quoted';
  text: string;
  /** 1-based position in the filter text, for messages. */
  at: number;
}

/** Splits a filter into parentheses, words and double-quoted strings (`\"` and `\\` escape inside quotes). */
export function tokenizeFilter(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'open' : 'close', text: ch, at: i + 1 });
      i++;
    } else if (ch === '"') {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) fail(`Unterminated quoted string starting at position ${start + 1}`);
        const c = text[i] as string;
        if (c === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (c === '"') {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      tokens.push({ kind: 'quoted', text: value, at: start + 1 });
    } else {
      const start = i;
      while (i < text.length && !/[\s()"]/.test(text[i] as string)) i++;
      tokens.push({ kind: 'word', text: text.slice(start, i), at: start + 1 });
    }
  }
  return tokens;
}

/**
 * Parses FHIR filter syntax: `path op value` comparisons joined by `and` / `or`, `not (...)` and
 * parentheses. As on a Medplum server, `and` and `or` have equal precedence and group to the right
 * (`a and b or c` means `a and (b or c)`); use parentheses to say otherwise.
 */
export function parseFilterExpression(text: string): FilterNode {
  if (text.length > MAX_FILTER_LENGTH) fail(`The filter is longer than ${MAX_FILTER_LENGTH} characters`);
  const tokens = tokenizeFilter(text);
  if (tokens.length === 0) fail('The filter is empty');
  let pos = 0;
  let comparisons = 0;

  const peek = (): Token | undefined => tokens[pos];
  const where = (): string => {
    const t = peek();
    return t ? `"${t.text}" at position ${t.at}` : 'the end of the filter';
  };
  const expectOpen = (after: string): void => {
    if (peek()?.kind !== 'open') fail(`Expected "(" after ${after}, found ${where()}`);
    pos++;
  };
  const expectClose = (): void => {
    if (peek()?.kind !== 'close') fail(`Expected ")" but found ${where()}`);
    pos++;
  };

  const term = (depth: number): FilterNode => {
    if (depth > MAX_FILTER_NESTING) fail(`The filter nests deeper than ${MAX_FILTER_NESTING} levels`);
    const t = peek();
    if (!t) return fail('Expected a comparison, found the end of the filter');
    if (t.kind === 'open') {
      pos++;
      const inner = expression(depth + 1);
      expectClose();
      return inner;
    }
    if (t.kind === 'word' && t.text === 'not') {
      pos++;
      expectOpen('"not"');
      const operand = expression(depth + 1);
      expectClose();
      return { kind: 'not', operand };
    }
    if (t.kind !== 'word') return fail(`Expected a search parameter, found ${where()}`);
    pos++;
    const op = peek();
    if (op?.kind !== 'word') return fail(`Expected an operator after "${t.text}", found ${where()}`);
    pos++;
    const value = peek();
    if (value?.kind !== 'word' && value?.kind !== 'quoted') {
      return fail(`Expected a value after "${t.text} ${op.text}", found ${where()}`);
    }
    pos++;
    if (++comparisons > MAX_FILTER_COMPARISONS) {
      fail(`The filter has more than ${MAX_FILTER_COMPARISONS} comparisons`);
    }
    return { kind: 'compare', path: t.text, operator: op.text, value: value.text };
  };

  const expression = (depth: number): FilterNode => {
    const terms: FilterNode[] = [term(depth)];
    const joins: ('and' | 'or')[] = [];
    for (let next = peek(); next?.kind === 'word'; next = peek()) {
      if (next.text !== 'and' && next.text !== 'or') {
        fail(`Expected "and", "or" or ")" but found ${where()}`);
      }
      joins.push(next.text as 'and' | 'or');
      pos++;
      terms.push(term(depth));
    }
    // Right-grouped: a op1 (b op2 (c ...)).
    let node = terms[terms.length - 1] as FilterNode;
    for (let i = joins.length - 1; i >= 0; i--) {
      node = { kind: joins[i] as 'and' | 'or', left: terms[i] as FilterNode, right: node };
    }
    return node;
  };

  const root = expression(0);
  if (pos < tokens.length) fail(`Unexpected ${where()}`);
  return root;
}

type Predicate = (valuesOf: (param: SearchParamDef) => readonly SearchValue[]) => boolean;

/** Parses and compiles a `_filter` on a resource type; throws SearchError naming the problem. */
export function compileFilterExpression(
  registry: SearchParamRegistry,
  resourceType: string,
  text: string
): FilterExpression {
  const compile = (node: FilterNode): Predicate => {
    switch (node.kind) {
      case 'and': {
        const [l, r] = [compile(node.left), compile(node.right)];
        return (of) => l(of) && r(of);
      }
      case 'or': {
        const [l, r] = [compile(node.left), compile(node.right)];
        return (of) => l(of) || r(of);
      }
      case 'not': {
        const inner = compile(node.operand);
        return (of) => !inner(of);
      }
      case 'compare': {
        const param = resolveParam(registry, resourceType, node.path);
        const test = comparisonTest(param, node);
        return (of) => test(of(param));
      }
    }
  };
  const predicate = compile(parseFilterExpression(text));
  return { text, matches: predicate };
}

function resolveParam(registry: SearchParamRegistry, resourceType: string, path: string): SearchParamDef {
  if (path.includes('.') || path.includes('[')) {
    fail(`Chained paths such as "${path}" are not supported in _filter`);
  }
  if (path.includes(':')) fail(`Modifiers such as "${path}" are not supported in _filter`);
  const param = registry.getParam(resourceType, path);
  if (!param) return fail(`Unknown search parameter "${path}" for ${resourceType}`);
  if (!param.definition.expression || param.type === 'composite' || param.type === 'special') {
    fail(`Search parameter "${path}" is not supported`);
  }
  return param;
}

const ORDERED = new Set(['date', 'number', 'quantity']);
/** The REST modifier each string operator means ('' for the plain starts-with match). */
const STRING_MODIFIERS = new Map([
  ['eq', 'exact'],
  ['ne', 'exact'],
  ['co', 'contains'],
  ['sw', ''],
]);
const PREFIX_OPERATORS = new Set(['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap']);

/** What each operator means for each parameter type. */
function comparisonTest(param: SearchParamDef, node: Extract<FilterNode, { kind: 'compare' }>): ValueTest {
  const { operator, value, path } = node;
  if (UNSUPPORTED_OPERATORS.has(operator)) fail(`Operator "${operator}" is not supported in _filter`);
  if (!KNOWN.has(operator)) {
    fail(`Invalid operator "${operator}" after "${path}"; expected one of ${FILTER_OPERATORS.join(', ')}`);
  }
  const name = `${PARAM} ${path}`;
  // The value reaches the REST value compiler, which reads backslash escapes: keep backslashes literal.
  const raw = value.replace(/\\/g, '\\\\');
  const unsupported = (): never =>
    fail(`Operator "${operator}" is not supported for the ${param.type} parameter "${path}"`);
  if (operator === 'pr') {
    if (value !== 'true' && value !== 'false') fail(`"${path} pr" takes true or false, not "${value}"`);
    const present = value === 'true';
    return (vs) => vs.length > 0 === present;
  }
  if (ORDERED.has(param.type)) {
    if (!PREFIX_OPERATORS.has(operator)) return unsupported();
    // The operator becomes the REST prefix; a bad value is named without it.
    try {
      return compileValue(name, param, undefined, `${operator}${raw}`).test;
    } catch (err) {
      if (err instanceof SearchError) fail(`Malformed ${param.type} "${value}" after "${path} ${operator}"`);
      throw err;
    }
  }
  const negate =
    (test: ValueTest): ValueTest =>
    (vs) =>
      !test(vs);
  switch (param.type) {
    case 'string': {
      if (operator === 'ew') {
        const tail = normalizeText(value);
        return (vs) => vs.some((v) => v.kind === 'string' && v.norm.endsWith(tail));
      }
      // eq is exact (case and accents count); co and sw ignore them, as the REST modifiers do.
      const modifier = STRING_MODIFIERS.get(operator);
      if (modifier === undefined) return unsupported();
      const test = compileValue(name, param, modifier || undefined, raw).test;
      return operator === 'ne' ? negate(test) : test;
    }
    case 'token':
    case 'reference':
    case 'uri': {
      if (operator === 'sw' && param.type === 'uri') return compileValue(name, param, 'below', raw).test;
      if (operator !== 'eq' && operator !== 'ne' && !(operator === 're' && param.type === 'reference')) {
        return unsupported();
      }
      const test = compileValue(name, param, undefined, raw).test;
      return operator === 'ne' ? negate(test) : test;
    }
    default:
      return unsupported();
  }
}
