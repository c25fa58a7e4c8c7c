import type {
  CodeSystem,
  CodeSystemConcept,
  Parameters,
  ValueSet,
  ValueSetExpansionContains,
} from '@medplum/fhirtypes';
import { clampInt } from './query-values';
import type { Scope } from './interactions';
import { readCurrent } from './interactions';
import { badRequest, notFound } from './outcome';
import type { FhirRequest } from './request';

interface ExpandInput {
  url?: string;
  filter?: string;
  offset: number;
  count: number;
  valueSet?: ValueSet;
}

/**
 * ValueSet/$expand over the value sets stored in the caller's project: concepts listed in
 * compose.include (and in included value sets or whole code systems of the project), minus
 * compose.exclude, plus any expansion.contains already present; `filter` matches code or display.
 */
export function expandValueSet(scope: Scope, request: FhirRequest, id: string | undefined): ValueSet {
  const input = readInput(request);
  const valueSet =
    input.valueSet ??
    (id ? (readCurrent(scope, 'ValueSet', id).resource as ValueSet) : findByUrl(scope, requireUrl(input)));
  const all = collect(scope, valueSet, new Set());
  const terms = (input.filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching = all.filter((coding) => {
    const text = `${coding.display ?? ''} ${coding.code ?? ''}`.toLowerCase();
    return terms.every((term) => text.includes(term));
  });
  const { compose: _compose, expansion: _expansion, text: _text, ...rest } = valueSet;
  return {
    ...rest,
    expansion: {
      identifier: `urn:uuid:${scope.newId()}`,
      timestamp: new Date(scope.clock.now()).toISOString(),
      total: matching.length,
      offset: input.offset,
      parameter: input.filter ? [{ name: 'filter', valueString: input.filter }] : undefined,
      contains: matching.slice(input.offset, input.offset + input.count),
    },
  };
}

function readInput(request: FhirRequest): ExpandInput {
  const params = new URLSearchParams(request.query);
  for (const [key, value] of request.form ?? []) params.append(key, value);
  const input: ExpandInput = {
    url: params.get('url') ?? undefined,
    filter: params.get('filter') ?? undefined,
    offset: clampInt(params.get('offset'), 0, 0, Number.MAX_SAFE_INTEGER),
    count: clampInt(params.get('count'), 1000, 0, 10000),
  };
  const body = request.body as Parameters | undefined;
  if (request.method === 'POST' && body?.resourceType === 'Parameters') {
    for (const parameter of Array.isArray(body.parameter) ? body.parameter : []) {
      if (parameter.name === 'url') input.url = parameter.valueUri ?? parameter.valueString ?? input.url;
      if (parameter.name === 'filter') input.filter = parameter.valueString ?? input.filter;
      if (parameter.name === 'offset') input.offset = parameter.valueInteger ?? input.offset;
      if (parameter.name === 'count') input.count = parameter.valueInteger ?? input.count;
      if (parameter.name === 'valueSet' && parameter.resource?.resourceType === 'ValueSet') {
        input.valueSet = parameter.resource;
      }
    }
  }
  return input;
}

function requireUrl(input: ExpandInput): string {
  if (!input.url) throw badRequest('ValueSet/$expand needs a url parameter', 'url');
  return input.url;
}

function findByUrl(scope: Scope, canonical: string): ValueSet {
  const [url, version] = canonical.split('|');
  let found: ValueSet | undefined;
  for (const resource of scope.store.resourcesOfType('ValueSet')) {
    const valueSet = resource as ValueSet;
    if (valueSet.url === url && (!version || valueSet.version === version)) found = valueSet;
  }
  found ??= url ? scope.terminology.valueSet(url) : undefined;
  if (!found) throw notFound(`ValueSet '${canonical}' not found`);
  return found;
}

function collect(scope: Scope, valueSet: ValueSet, seen: Set<string>): ValueSetExpansionContains[] {
  if (valueSet.url) seen.add(valueSet.url);
  const out = new Map<string, ValueSetExpansionContains>();
  const add = (coding: ValueSetExpansionContains): void => {
    if (coding.code) out.set(`${coding.system ?? ''}|${coding.code}`, coding);
  };
  for (const include of valueSet.compose?.include ?? []) {
    for (const concept of include.concept ?? []) {
      add(
        withoutEmpty({
          system: include.system,
          version: include.version,
          code: concept.code,
          display: concept.display,
        })
      );
    }
    if (include.system && !include.concept && !include.filter) {
      for (const coding of codeSystemConcepts(scope, include.system)) add(coding);
    }
    for (const url of include.valueSet ?? []) {
      if (seen.has(url)) continue;
      const nested = tryFindByUrl(scope, url);
      if (nested) collect(scope, nested, seen).forEach(add);
    }
  }
  for (const exclude of valueSet.compose?.exclude ?? []) {
    for (const concept of exclude.concept ?? []) out.delete(`${exclude.system ?? ''}|${concept.code}`);
  }
  const walk = (contains: ValueSetExpansionContains[] | undefined): void => {
    for (const item of contains ?? []) {
      const { contains: children, ...coding } = item;
      if (!coding.abstract) add(coding);
      walk(children);
    }
  };
  walk(valueSet.expansion?.contains);
  return [...out.values()];
}

function tryFindByUrl(scope: Scope, url: string): ValueSet | undefined {
  try {
    return findByUrl(scope, url);
  } catch {
    return undefined;
  }
}

/** Every concept of a code system: the project's own, else the published one of that url. */
function codeSystemConcepts(scope: Scope, system: string): ValueSetExpansionContains[] {
  const codeSystems: CodeSystem[] = [];
  for (const resource of scope.store.resourcesOfType('CodeSystem')) {
    if ((resource as CodeSystem).url === system) codeSystems.push(resource as CodeSystem);
  }
  const published = codeSystems.length === 0 ? scope.terminology.codeSystem(system) : undefined;
  if (published) codeSystems.push(published);
  const out: ValueSetExpansionContains[] = [];
  const walk = (concepts: CodeSystemConcept[] | undefined): void => {
    for (const concept of concepts ?? []) {
      out.push(withoutEmpty({ system, code: concept.code, display: concept.display }));
      walk(concept.concept);
    }
  };
  for (const codeSystem of codeSystems) walk(codeSystem.concept);
  return out;
}

/** True when an $expand request may need the published terminology (the project lacks the url). */
export function needsPublishedTerminology(scope: Pick<Scope, 'store'>, request: FhirRequest): boolean {
  if (!request.segments.some((segment) => segment === '$expand')) return false;
  const url = request.query.get('url')?.split('|')[0];
  if (!url) return true;
  for (const resource of scope.store.resourcesOfType('ValueSet')) {
    if ((resource as ValueSet).url === url) return false;
  }
  return true;
}

function withoutEmpty(coding: ValueSetExpansionContains): ValueSetExpansionContains {
  return Object.fromEntries(
    Object.entries(coding).filter(([, value]) => value !== undefined)
  ) as ValueSetExpansionContains;
}
