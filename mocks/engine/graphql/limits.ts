import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** As on a Medplum server: a field may sit at most 12 selection levels deep. */
export const MAX_DEPTH = 12;
/** The most estimated work a query may ask for (a search costs 8 plus its page size times its fields). */
export const MAX_COST = 10_000;
/** The parser stops past this many tokens, so a huge document costs little to refuse. */
export const MAX_TOKENS = 10_000;

const DEFAULT_PAGE = 20;
const MAX_PAGE = 1000;

/**
 * Depth and estimated cost of every operation of a document, following fragment spreads (each
 * fragment measured once). A search field (`...List`, `...Connection`) costs 8 plus its `_count`
 * (20 by default, 1000 when given by a variable) times what it selects; following a reference
 * (`resource`) costs 1 plus twice what it selects. Returns what exceeds the limits, as messages.
 */
export function limitErrors(document: DocumentNode): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const depthMemo = new Map<string, number>();
  const costMemo = new Map<string, number>();
  const active = new Set<string>();

  const fragmentMeasure = (
    name: string,
    memo: Map<string, number>,
    measure: (s: SelectionSetNode) => number
  ): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    // Unknown and cyclic spreads are reported by validation; they add nothing here.
    if (!fragment || active.has(name)) return 0;
    active.add(name);
    const value = measure(fragment.selectionSet);
    active.delete(name);
    memo.set(name, value);
    return value;
  };

  const depth = (set: SelectionSetNode): number => {
    let deepest = 0;
    for (const s of set.selections) {
      let d = 1;
      if (s.kind === Kind.FIELD) d = 1 + (s.selectionSet ? depth(s.selectionSet) : 0);
      else if (s.kind === Kind.INLINE_FRAGMENT) d = 1 + depth(s.selectionSet);
      else d = 1 + fragmentMeasure(s.name.value, depthMemo, depth);
      deepest = Math.max(deepest, d);
    }
    return deepest;
  };

  const cost = (set: SelectionSetNode): number => {
    let total = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!s.selectionSet) continue;
        const inner = cost(s.selectionSet);
        const name = s.name.value;
        if (name.endsWith('List') || name.endsWith('Connection')) {
          const countArg = s.arguments?.find((a) => a.name.value === '_count');
          let page = DEFAULT_PAGE;
          if (countArg?.value.kind === Kind.INT) page = Math.min(Number(countArg.value.value), MAX_PAGE);
          else if (countArg) page = MAX_PAGE;
          total += 8 + page * inner;
        } else if (name === 'resource') total += 1 + 2 * inner;
        else total += inner;
      } else if (s.kind === Kind.INLINE_FRAGMENT) total += cost(s.selectionSet);
      else total += fragmentMeasure(s.name.value, costMemo, cost);
      if (total > MAX_COST) return total;
    }
    return total;
  };

  const errors: string[] = [];
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const label = d.name ? `Operation "${d.name.value}"` : 'The query';
    const levels = depth(d.selectionSet);
    if (levels > MAX_DEPTH)
      errors.push(`${label} is nested ${levels} levels deep; the maximum is ${MAX_DEPTH}`);
    const estimate = cost(d.selectionSet);
    if (estimate > MAX_COST) errors.push(`${label} is too complex (estimated cost over ${MAX_COST})`);
  }
  return errors;
}
