import { evalFhirPathTyped, parseFhirPath, toTypedValue, type TypedValue } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { parseReference } from './values';

type Evaluator = (input: TypedValue[]) => TypedValue[];

/**
 * Compiles a SearchParameter expression for one resource type. Union branches for other types are
 * dropped, `Resource.` and `DomainResource.` are read as the type itself, and `where(resolve() is T)`
 * and `resolve().resourceType` are answered from the reference's type (relative or absolute URL).
 */
export function compileExpression(expression: string, resourceType: string): (r: Resource) => TypedValue[] {
  const branches = flattenUnion(expression)
    .map((part) => retarget(part, resourceType))
    .filter((part): part is string => part !== undefined)
    .map(compileBranch);
  if (branches.length === 0) return () => [];
  return (resource) => {
    const input = [toTypedValue(resource)];
    if (branches.length === 1) return safe(branches[0], input);
    return branches.flatMap((b) => safe(b, input));
  };
}

function safe(evaluator: Evaluator | undefined, input: TypedValue[]): TypedValue[] {
  if (!evaluator) return [];
  try {
    return evaluator(input);
  } catch {
    return [];
  }
}

/** Splits on `|` outside parentheses and quotes. */
export function splitUnion(expression: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (ch === "'" && expression[i - 1] !== '\\') quote = !quote;
    else if (quote) continue;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(expression.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(expression.slice(start).trim());
  return parts.filter((p) => p.length > 0);
}

/** Splits a union, including unions wrapped in parentheses. */
function flattenUnion(expression: string): string[] {
  return splitUnion(expression).flatMap((part) => {
    const p = part.trim();
    if (p.startsWith('(') && p.endsWith(')') && balanced(p.slice(1, -1))) {
      const inner = splitUnion(p.slice(1, -1));
      if (inner.length > 1) return inner.flatMap(flattenUnion);
    }
    return [p];
  });
}

function unwrap(part: string): string {
  let p = part.trim();
  while (
    p.startsWith('(') &&
    p.endsWith(')') &&
    splitUnion(p.slice(1, -1)).length === 1 &&
    balanced(p.slice(1, -1))
  ) {
    p = p.slice(1, -1).trim();
  }
  return p;
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** The branch for this type, or undefined when it belongs to another type. */
function retarget(part: string, resourceType: string): string | undefined {
  const p = unwrap(part);
  const m = /^\(?\s*([A-Z][A-Za-z]*)(?=[.\s)]|$)/.exec(p);
  if (!m) return p;
  const head = m[1];
  if (head === resourceType) return p;
  if (head === 'Resource' || head === 'DomainResource') return p.replace(head ?? '', resourceType);
  return undefined;
}

function compileBranch(branch: string): Evaluator {
  const where = /^(.*)\.where\(\s*resolve\(\)\s+is\s+([A-Za-z]+)\s*\)$/.exec(branch);
  if (where?.[1] && where[2]) {
    const inner = compileBranch(where[1]);
    const target = where[2];
    return (input) => inner(input).filter((tv) => referenceType(tv.value) === target);
  }
  const typeOf = /^(.*)\.resolve\(\)\.resourceType$/.exec(branch);
  if (typeOf?.[1]) {
    const inner = compileBranch(typeOf[1]);
    return (input) =>
      inner(input).flatMap((tv) => {
        const t = referenceType(tv.value);
        return t ? [{ type: 'code', value: t }] : [];
      });
  }
  const path = /^[A-Z][A-Za-z]*((?:\.[a-z][A-Za-z0-9]*)+)$/.exec(branch)?.[1];
  if (path) return walkPath(path.slice(1).split('.'));
  const atom = parseFhirPath(branch);
  return (input) => evalFhirPathTyped(atom, input);
}

/**
 * A plain path such as `Task.owner` or `Observation.value`, walked directly: the same results as the
 * FHIRPath engine without a schema (a missing name matches a choice property like valueQuantity),
 * several times faster. Values are typed by shape later, so the type is left generic.
 */
function walkPath(steps: readonly string[]): Evaluator {
  return (input) => {
    let current: unknown[] = input.map((tv) => tv.value as unknown);
    for (const step of steps) {
      const next: unknown[] = [];
      for (const item of current) {
        if (typeof item !== 'object' || item === null) continue;
        const value = property(item as Record<string, unknown>, step);
        if (Array.isArray(value)) next.push(...(value as unknown[]));
        else if (value !== undefined && value !== null) next.push(value);
      }
      current = next;
    }
    return current.map((value) => ({ type: 'Element', value }));
  };
}

function property(item: Record<string, unknown>, name: string): unknown {
  if (name in item) return item[name];
  for (const key in item) {
    if (key.length > name.length && key.startsWith(name) && /[A-Z]/.test(key.charAt(name.length)))
      return item[key];
  }
  return undefined;
}

function referenceType(value: unknown): string | undefined {
  if (typeof value === 'string') return parseReference(value).type;
  if (typeof value !== 'object' || value === null) return undefined;
  const ref = value as { reference?: unknown; type?: unknown; resource?: { resourceType?: unknown } };
  if (typeof ref.reference === 'string') return parseReference(ref.reference).type;
  if (typeof ref.type === 'string') return ref.type;
  return typeof ref.resource?.resourceType === 'string' ? ref.resource.resourceType : undefined;
}
