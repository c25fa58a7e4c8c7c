import { capitalize, getDataType, isPrimitiveType } from '@medplum/core';
import type { InternalTypeSchema } from '@medplum/core';
import type {
  CodeSystemConcept,
  Coding,
  OperationOutcomeIssue,
  Resource,
  ValueSet,
  ValueSetExpansionContains,
} from '@medplum/fhirtypes';
import type { GlobalTerminology } from './terminology';

/** The codes of a value set by system; a code element may use any of them. */
type ValueSetCodes = Map<string, Set<string>>;

/** What to look at under one JSON key of a type: its element's name, type and required codes. */
interface KeyPlan {
  /** The element's name in the definition (`value[x]` for `valueCodeableConcept`), used in paths. */
  element: string;
  type: string;
  isArray: boolean;
  /** The required binding's value set url and codes, when it has one that can be listed. */
  binding?: { valueSet: string; codes: ValueSetCodes };
}

/**
 * Checks the codes of elements bound to a value set with strength 'required' against the published
 * value set. A value set that cannot be listed in full (a filter, or a code system such as MIME types
 * or languages that is not published as concepts) is not checked, as a server without that
 * terminology accepts any code.
 *
 * Each type's JSON keys are planned once from its schema, so a check walks only the resource's own
 * values, skipping primitives without a binding.
 */
export class RequiredBindings {
  /** By value set url: its codes, or null when it cannot be listed in full. */
  private readonly codes = new Map<string, ValueSetCodes | null>();
  private readonly plans = new Map<string, Map<string, KeyPlan>>();

  constructor(private readonly terminology: GlobalTerminology) {}

  check(resource: Resource): OperationOutcomeIssue[] {
    const issues: OperationOutcomeIssue[] = [];
    this.walk(resource, resource.resourceType, resource.resourceType, issues);
    return issues;
  }

  private walk(value: object, type: string, path: string, issues: OperationOutcomeIssue[]): void {
    const plan = this.planOf(type);
    if (!plan) return;
    for (const [key, item] of Object.entries(value)) {
      const step = plan.get(key);
      if (!step || item === null || item === undefined) continue;
      const elementPath = `${path}.${step.element}`;
      const items: unknown[] = step.isArray && Array.isArray(item) ? item : [item];
      items.forEach((one, index) => {
        const at = step.isArray && Array.isArray(item) ? `${elementPath}[${index}]` : elementPath;
        if (step.binding && !satisfies(one, step.type, step.binding.codes)) {
          issues.push(bindingIssue(one, step.binding.valueSet, at));
        }
        if (typeof one !== 'object' || one === null || isPrimitiveType(step.type)) return;
        const nestedType =
          step.type === 'Resource' ? (one as { resourceType?: unknown }).resourceType : step.type;
        if (typeof nestedType === 'string') this.walk(one, nestedType, at, issues);
      });
    }
  }

  /** The JSON keys of a type worth visiting; undefined for a type without a schema. */
  private planOf(type: string): Map<string, KeyPlan> | undefined {
    let plan = this.plans.get(type);
    if (plan) return plan;
    let schema: InternalTypeSchema;
    try {
      schema = getDataType(type);
    } catch {
      return undefined;
    }
    plan = new Map();
    for (const [name, element] of Object.entries(schema.elements)) {
      const binding =
        element.binding?.strength === 'required' && element.binding.valueSet
          ? this.codesOf(element.binding.valueSet)
          : null;
      const choice = name.endsWith('[x]');
      for (const { code } of element.type) {
        // A primitive without a binding holds nothing to check.
        if (!binding && isPrimitiveType(code)) continue;
        const key = choice ? name.slice(0, -3) + capitalize(code) : name;
        plan.set(key, {
          element: name,
          type: code,
          isArray: Boolean(element.isArray),
          binding: binding ? { valueSet: element.binding?.valueSet as string, codes: binding } : undefined,
        });
      }
    }
    this.plans.set(type, plan);
    return plan;
  }

  private codesOf(canonical: string): ValueSetCodes | null {
    const url = canonical.split('|')[0] ?? canonical;
    let codes = this.codes.get(url);
    if (codes === undefined) {
      codes = this.list(url, new Set());
      this.codes.set(url, codes);
    }
    return codes;
  }

  private list(url: string, seen: Set<string>): ValueSetCodes | null {
    const valueSet: ValueSet | undefined = this.terminology.valueSet(url);
    if (!valueSet || seen.has(url)) return null;
    seen.add(url);
    const codes: ValueSetCodes = new Map();
    const add = (system: string, code: string | undefined): void => {
      if (!code) return;
      let set = codes.get(system);
      if (!set) codes.set(system, (set = new Set()));
      set.add(code);
    };
    if (!valueSet.compose) {
      const walk = (contains: ValueSetExpansionContains[] | undefined): void => {
        for (const item of contains ?? []) {
          add(item.system ?? '', item.code);
          walk(item.contains);
        }
      };
      walk(valueSet.expansion?.contains);
      return codes.size > 0 ? codes : null;
    }
    for (const include of valueSet.compose.include) {
      if (include.filter?.length) return null;
      for (const nestedUrl of include.valueSet ?? []) {
        const nested = this.list(nestedUrl.split('|')[0] ?? nestedUrl, seen);
        if (!nested) return null;
        for (const [system, set] of nested) for (const code of set) add(system, code);
      }
      if (!include.system) continue;
      const system = include.system;
      if (include.concept) {
        for (const concept of include.concept) add(system, concept.code);
        continue;
      }
      const codeSystem = this.terminology.codeSystem(system);
      if (!codeSystem?.concept || (codeSystem.content && codeSystem.content !== 'complete')) return null;
      const walk = (concepts: CodeSystemConcept[] | undefined): void => {
        for (const concept of concepts ?? []) {
          add(system, concept.code);
          walk(concept.concept);
        }
      };
      walk(codeSystem.concept);
    }
    for (const exclude of valueSet.compose.exclude ?? []) {
      for (const concept of exclude.concept ?? []) codes.get(exclude.system ?? '')?.delete(concept.code);
    }
    return codes;
  }
}

/**
 * A code must be one of the value set's; a Coding of one of its systems must use a code of that
 * system; a CodeableConcept is checked coding by coding.
 */
function satisfies(value: unknown, type: string, allowed: ValueSetCodes): boolean {
  if (typeof value === 'string') {
    for (const set of allowed.values()) if (set.has(value)) return true;
    return false;
  }
  if (typeof value !== 'object' || value === null) return true;
  if (type === 'Coding') return codingSatisfies(value as Coding, allowed);
  if (type === 'CodeableConcept') {
    const codings = (value as { coding?: unknown }).coding;
    return (Array.isArray(codings) ? (codings as Coding[]) : []).every((coding) =>
      codingSatisfies(coding, allowed)
    );
  }
  return true;
}

function codingSatisfies(coding: Coding | undefined, allowed: ValueSetCodes): boolean {
  if (typeof coding !== 'object' || coding === null || !coding.system || !coding.code) return true;
  const set = allowed.get(coding.system);
  return set === undefined || set.has(coding.code);
}

function bindingIssue(value: unknown, valueSet: string, path: string): OperationOutcomeIssue {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return {
    severity: 'error',
    code: 'value',
    details: { text: `Value "${shown}" did not satisfy terminology binding ${valueSet}` },
    expression: [path],
  };
}
