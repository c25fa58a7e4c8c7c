import { crawlTypedValue, toTypedValue } from '@medplum/core';
import type { CrawlerVisitor, TypedValueWithPath } from '@medplum/core';
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

/**
 * Checks the codes of elements bound to a value set with strength 'required' against the published
 * value set. A value set that cannot be listed in full (a filter, or a code system such as MIME types
 * or languages that is not published as concepts) is not checked, as a server without that
 * terminology accepts any code.
 */
export class RequiredBindings {
  /** By value set url: its codes, or null when it cannot be listed in full. */
  private readonly codes = new Map<string, ValueSetCodes | null>();

  constructor(private readonly terminology: GlobalTerminology) {}

  check(resource: Resource): OperationOutcomeIssue[] {
    const issues: OperationOutcomeIssue[] = [];
    const visitor: CrawlerVisitor = {
      visitProperty: (_parent, key, _path, propertyValues, schema) => {
        const binding = schema.elements[key]?.binding;
        if (binding?.strength !== 'required' || !binding.valueSet) return;
        const allowed = this.codesOf(binding.valueSet);
        if (!allowed) return;
        for (const value of propertyValues.flat()) {
          if (value && !satisfies(value, allowed)) issues.push(bindingIssue(value, binding.valueSet));
        }
      },
    };
    try {
      crawlTypedValue(toTypedValue(resource), visitor);
    } catch {
      // A value of the wrong shape stops the walk; the structure check has reported it already.
    }
    return issues;
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
function satisfies(value: TypedValueWithPath, allowed: ValueSetCodes): boolean {
  const data: unknown = value.value;
  if (typeof data === 'string') {
    for (const set of allowed.values()) if (set.has(data)) return true;
    return false;
  }
  if (value.type === 'Coding') return codingSatisfies(data as Coding, allowed);
  if (value.type === 'CodeableConcept') {
    const codings = (data as { coding?: Coding[] }).coding;
    return (Array.isArray(codings) ? codings : []).every((coding) => codingSatisfies(coding, allowed));
  }
  return true;
}

function codingSatisfies(coding: Coding | undefined, allowed: ValueSetCodes): boolean {
  if (!coding?.system || !coding.code) return true;
  const set = allowed.get(coding.system);
  return set === undefined || set.has(coding.code);
}

function bindingIssue(value: TypedValueWithPath, valueSet: string): OperationOutcomeIssue {
  const shown = typeof value.value === 'string' ? value.value : JSON.stringify(value.value);
  return {
    severity: 'error',
    code: 'value',
    details: { text: `Value "${shown}" did not satisfy terminology binding ${valueSet}` },
    expression: [value.path],
  };
}
