import type { Resource } from '@medplum/fhirtypes';
import type { IncludeSpec } from './query';
import type { SearchParamRegistry } from './registry';
import type { SearchParamDef, SearchSource } from './types';

const MAX_ITERATIONS = 5;
const keyOf = (r: Resource): string => `${r.resourceType}/${r.id ?? ''}`;

/** Resources named by _include and _revinclude for a page of matches (`:iterate` repeats on them). */
export function collectIncludes(
  source: SearchSource,
  registry: SearchParamRegistry,
  page: readonly Resource[],
  include: readonly IncludeSpec[],
  revinclude: readonly IncludeSpec[]
): Resource[] {
  if (include.length === 0 && revinclude.length === 0) return [];
  const seen = new Set(page.map(keyOf));
  const included: Resource[] = [];
  let frontier: readonly Resource[] = page;
  for (let round = 0; round < MAX_ITERATIONS && frontier.length > 0; round++) {
    const added: Resource[] = [];
    const add = (r: Resource | undefined): void => {
      if (r && !seen.has(keyOf(r))) {
        seen.add(keyOf(r));
        added.push(r);
      }
    };
    const active = (s: IncludeSpec): boolean => round === 0 || s.iterate;
    for (const spec of include.filter(active)) {
      for (const r of frontier) {
        if (r.resourceType !== spec.sourceType) continue;
        for (const param of referenceParams(registry, spec)) {
          for (const v of source.valuesOf(r, param)) {
            if (v.kind !== 'reference' || !v.type || !v.id) continue;
            if (spec.targetType && v.type !== spec.targetType) continue;
            add(source.get(v.type, v.id));
          }
        }
      }
    }
    for (const spec of revinclude.filter(active)) {
      const targets = new Set(frontier.map(keyOf));
      if (spec.targetType)
        for (const t of [...targets]) if (!t.startsWith(`${spec.targetType}/`)) targets.delete(t);
      const params = referenceParams(registry, spec);
      for (const r of source.resourcesOfType(spec.sourceType)) {
        const hit = params.some((p) =>
          source.valuesOf(r, p).some((v) => v.kind === 'reference' && targets.has(`${v.type}/${v.id}`))
        );
        if (hit) add(r);
      }
    }
    included.push(...added);
    frontier = added;
  }
  return included;
}

function referenceParams(registry: SearchParamRegistry, spec: IncludeSpec): SearchParamDef[] {
  if (spec.code) {
    const p = registry.getParam(spec.sourceType, spec.code);
    return p ? [p] : [];
  }
  return [...registry.paramsOf(spec.sourceType).values()].filter(
    (p) => p.type === 'reference' && p.definition.expression
  );
}
