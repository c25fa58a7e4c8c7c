import type { ElementDefinition, StructureDefinition } from '@medplum/fhirtypes';

/** One field of a generated GraphQL object type, read from a StructureDefinition snapshot. */
export interface FieldSpec {
  name: string;
  /** A FHIR type code (`string`, `Reference`, `Resource`, ...) or the name of a backbone type. */
  type: string;
  list: boolean;
  required: boolean;
  description?: string;
}

export interface TypeSpec {
  name: string;
  kind: 'resource' | 'complex' | 'primitive';
  description?: string;
  fields: FieldSpec[];
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The FHIR type model the GraphQL schema is generated from: one TypeSpec per resource, data type and
 * backbone element (named after its path, `Task.restriction` → `TaskRestriction`, as Medplum names
 * them). Specs are derived on first use of each type and kept.
 */
export class FhirTypeModel {
  private readonly definitions = new Map<string, StructureDefinition>();
  private readonly specs = new Map<string, TypeSpec | undefined>();
  readonly resourceTypes: readonly string[];

  constructor(structureDefinitions: Iterable<StructureDefinition>) {
    for (const sd of structureDefinitions) {
      // Only the base definition of each type: profiles (constraints) do not add types.
      if (!sd.type || sd.derivation === 'constraint' || this.definitions.has(sd.type)) continue;
      if (sd.kind === 'logical') continue;
      this.definitions.set(sd.type, sd);
    }
    this.resourceTypes = [...this.definitions.values()]
      .filter((sd) => sd.kind === 'resource' && !sd.abstract)
      .map((sd) => sd.type)
      .sort();
  }

  isResourceType(name: string): boolean {
    const sd = this.definitions.get(name);
    return sd?.kind === 'resource' && !sd.abstract;
  }

  isPrimitive(name: string): boolean {
    return this.definitions.get(name)?.kind === 'primitive-type';
  }

  /** The spec of a type or backbone element, undefined when no definition names it. */
  spec(name: string): TypeSpec | undefined {
    if (!this.specs.has(name)) this.buildFrom(name);
    return this.specs.get(name);
  }

  private buildFrom(name: string): void {
    const sd = this.definitions.get(name);
    if (!sd) {
      this.specs.set(name, undefined);
      return;
    }
    const elements = sd.snapshot?.element ?? [];
    const byPath = new Map<string, ElementDefinition>();
    for (const e of elements) if (e.path) byPath.set(e.path, e);
    const typeNameOf = (path: string): string => path.split('.').map(capitalize).join('');
    const children = new Map<string, ElementDefinition[]>();
    for (const e of elements) {
      const path = e.path ?? '';
      const dot = path.lastIndexOf('.');
      if (dot < 0) continue;
      const parent = path.slice(0, dot);
      const list = children.get(parent) ?? [];
      list.push(e);
      children.set(parent, list);
    }
    const kind = sd.kind === 'resource' ? 'resource' : sd.kind === 'primitive-type' ? 'primitive' : 'complex';
    const describe = (path: string, specName: string, specKind: TypeSpec['kind']): void => {
      const fields: FieldSpec[] = [];
      for (const e of children.get(path) ?? []) {
        const own = (e.path ?? '').slice(path.length + 1);
        const list = e.max === '*' || Number(e.max ?? '1') > 1;
        const choice = own.endsWith('[x]');
        const required = (e.min ?? 0) > 0 && !choice;
        const description = e.short ?? e.definition;
        if (e.contentReference) {
          const target = e.contentReference.slice(e.contentReference.indexOf('#') + 1);
          fields.push({ name: own, type: typeNameOf(target), list, required, description });
          continue;
        }
        const types = e.type ?? [];
        const isBackbone =
          types.length === 1 &&
          (types[0]?.code === 'BackboneElement' || types[0]?.code === 'Element') &&
          (children.get(e.path ?? '')?.length ?? 0) > 0;
        if (isBackbone) {
          const backbone = typeNameOf(e.path ?? '');
          describe(e.path ?? '', backbone, 'complex');
          fields.push({ name: own, type: backbone, list, required, description });
          continue;
        }
        for (const t of types) {
          if (!t.code) continue;
          const fieldName = choice ? own.replace('[x]', capitalize(t.code)) : own;
          fields.push({ name: fieldName, type: t.code, list, required, description });
        }
      }
      this.specs.set(specName, {
        name: specName,
        kind: specKind,
        description: byPath.get(path)?.short ?? sd.description,
        fields,
      });
    };
    describe(name, name, kind);
  }
}
