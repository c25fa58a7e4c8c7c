import type { SearchParameter } from '@medplum/fhirtypes';
import { compileExpression } from './expression';
import type { SearchParamDef } from './types';
import { toSearchValues } from './values';

const ABSTRACT_BASES = ['Resource', 'DomainResource'];

/**
 * The search parameters of every resource type, built from SearchParameter resources. Per-type maps
 * are built on first use; each parameter's expression is parsed on its first evaluation.
 */
export class SearchParamRegistry {
  private readonly byBase = new Map<string, Map<string, SearchParameter>>();
  private readonly byType = new Map<string, ReadonlyMap<string, SearchParamDef>>();

  /** Later definitions of the same base and code replace earlier ones. */
  constructor(definitions: Iterable<SearchParameter>) {
    for (const sp of definitions) {
      if (!sp.code) continue;
      for (const base of sp.base ?? []) {
        let codes = this.byBase.get(base);
        if (!codes) this.byBase.set(base, (codes = new Map()));
        codes.set(sp.code, sp);
      }
    }
  }

  /** The parameters of a type, including those defined on Resource and DomainResource. */
  paramsOf(resourceType: string): ReadonlyMap<string, SearchParamDef> {
    let params = this.byType.get(resourceType);
    if (!params) {
      const built = new Map<string, SearchParamDef>();
      for (const base of [...ABSTRACT_BASES, resourceType]) {
        for (const [code, sp] of this.byBase.get(base) ?? [])
          built.set(code, makeDef(resourceType, code, sp));
      }
      this.byType.set(resourceType, (params = built));
    }
    return params;
  }

  getParam(resourceType: string, code: string): SearchParamDef | undefined {
    return this.paramsOf(resourceType).get(code);
  }

  /** True when some SearchParameter names this type as a base. */
  knowsType(resourceType: string): boolean {
    return this.byBase.has(resourceType);
  }
}

function makeDef(resourceType: string, code: string, sp: SearchParameter): SearchParamDef {
  const type = sp.type ?? 'special';
  let evaluate: ReturnType<typeof compileExpression> | undefined;
  return {
    key: `${resourceType}.${code}`,
    code,
    type,
    resourceType,
    targets: sp.target ?? [],
    definition: sp,
    extract: (resource) => {
      if (!sp.expression) return [];
      evaluate ??= compileExpression(sp.expression, resourceType);
      return toSearchValues(type, evaluate(resource));
    },
  };
}
