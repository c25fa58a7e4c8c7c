export { parseDateRange, type DateRange } from './dates';
export { SearchError } from './errors';
export { executeSearch, findMatches, resolveChain, search } from './execute';
export {
  compileFilterExpression,
  parseFilterExpression,
  type FilterExpression,
  type FilterNode,
} from './filter';
export { isKeyed, valueKeys } from './keys';
export {
  DEFAULT_COUNT,
  MAX_COUNT,
  parseSearchQuery,
  type Filter,
  type IncludeSpec,
  type SearchQuery,
  type SortKey,
} from './query';
export { SearchParamRegistry } from './registry';
export type { IndexHint, SearchOutcome, SearchParamDef, SearchParamType, SearchSource } from './types';
export { normalizeText, parseReference, toSearchValues, type SearchValue } from './values';
