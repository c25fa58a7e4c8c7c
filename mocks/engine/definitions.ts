import type { Resource, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import { compileFilterExpression, SearchError, type FilterExpression, type SearchValue } from '@/fhir/search';
import { badRequest } from './outcome';
import type { DefinitionFile, DefinitionLoader } from './definition-files';
import { clampInt } from './query-values';
import { getSearchRegistry } from './search/definitions';
import type { SearchResult } from './types';
import { PAGE_AND_PRESENTATION_PARAMS } from './bundles';

/** Resource types held once for every project, read-only, loaded on first use. */
export const DEFINITION_TYPES = ['StructureDefinition', 'SearchParameter'] as const;
export type DefinitionType = (typeof DEFINITION_TYPES)[number];

export function isDefinitionType(resourceType: string): resourceType is DefinitionType {
  return (DEFINITION_TYPES as readonly string[]).includes(resourceType);
}

const FILES: Record<DefinitionType, DefinitionFile[]> = {
  StructureDefinition: ['profiles-types', 'profiles-resources', 'profiles-medplum'],
  SearchParameter: ['search-parameters', 'search-parameters-medplum', 'search-parameters-uscore'],
};

interface SearchableField {
  path: string;
  /** Matches as a string parameter does: case-insensitive prefix. */
  string?: boolean;
}

/**
 * The supported search parameters of a definition type: each reads the element of its own name
 * (`prefix` ones match as strings), except the `renamed` ones, which read the element given.
 */
function searchable(fields: {
  exact: string[];
  prefix: string[];
  renamed: Record<string, string>;
}): Record<string, SearchableField> {
  const out: Record<string, SearchableField> = {};
  for (const [code, path] of Object.entries(fields.renamed)) out[code] = { path };
  for (const code of fields.exact) out[code] = { path: code };
  for (const code of fields.prefix) out[code] = { path: code, string: true };
  return out;
}

/** Which element each supported search parameter reads, and whether it matches as a string (prefix). */
const SEARCHABLE: Record<DefinitionType, Record<string, SearchableField>> = {
  StructureDefinition: searchable({
    exact: ['url', 'type', 'kind', 'derivation', 'status', 'version', 'abstract'],
    prefix: ['name', 'title'],
    renamed: { _id: 'id', base: 'baseDefinition' },
  }),
  SearchParameter: searchable({
    exact: ['url', 'code', 'base', 'type', 'target', 'status', 'version'],
    prefix: ['name'],
    renamed: { _id: 'id' },
  }),
};

/** Parameters the definition search accepts and ignores, because the caller applies them. */
const RESULT_PARAMS = new Set(PAGE_AND_PRESENTATION_PARAMS);

/**
 * The StructureDefinition and SearchParameter resources of FHIR R4 (plus the server's own types),
 * shared by every project and never written. Each type's bundles load on its first use.
 */
export class GlobalDefinitions {
  private readonly byType = new Map<DefinitionType, Map<string, Resource>>();
  private readonly loading = new Map<DefinitionType, Promise<void>>();

  /**
   * @param loader reads definition bundles on first use
   * @param searchParameters the SearchParameter resources when another module already holds them
   *   (the search engine does); read from the bundles otherwise
   */
  constructor(
    private readonly loader: DefinitionLoader,
    private readonly searchParameters?: () => Iterable<Resource>
  ) {}

  isLoaded(resourceType: DefinitionType): boolean {
    return this.byType.has(resourceType);
  }

  /** Loads a type's bundles once; concurrent callers share the load. */
  ensure(resourceType: DefinitionType): Promise<void> {
    let pending = this.loading.get(resourceType);
    if (!pending) {
      pending = this.load(resourceType).catch((error: unknown) => {
        this.loading.delete(resourceType);
        throw error;
      });
      this.loading.set(resourceType, pending);
    }
    return pending;
  }

  get(resourceType: DefinitionType, id: string): Resource | undefined {
    return this.loaded(resourceType).get(id);
  }

  all(resourceType: DefinitionType): Iterable<Resource> {
    return this.loaded(resourceType).values();
  }

  /** The search parameters of a type, including those of Resource and DomainResource. */
  searchParametersOf(resourceType: string): SearchParameter[] {
    const bases = new Set(['Resource', 'DomainResource', resourceType]);
    const byCode = new Map<string, SearchParameter>();
    for (const resource of this.all('SearchParameter')) {
      const sp = resource as SearchParameter;
      if (sp.code && sp.base?.some((base) => bases.has(base))) byCode.set(sp.code, sp);
    }
    return [...byCode.values()];
  }

  search(resourceType: DefinitionType, params: URLSearchParams): SearchResult {
    const fields = SEARCHABLE[resourceType];
    const tests: ((resource: Resource) => boolean)[] = [];
    for (const [key, value] of params) {
      const [code = '', modifier] = key.split(':', 2);
      if (RESULT_PARAMS.has(code)) continue;
      if (key === '_filter') {
        tests.push(filterTest(resourceType, value));
        continue;
      }
      const field = fields[code];
      if (!field) throw badRequest(`Unknown search parameter: ${key}`, key);
      if (modifier && !['exact', 'contains', 'not'].includes(modifier)) {
        throw badRequest(`Unsupported modifier :${modifier} on ${code}`, key);
      }
      const wanted = value.split(',').map((part) => (field.path === 'url' ? part.split('|')[0] : part));
      const matchOne = (actual: string, expected: string | undefined): boolean => {
        if (expected === undefined) return false;
        if (modifier === 'exact') return actual === expected;
        if (modifier === 'contains') return actual.toLowerCase().includes(expected.toLowerCase());
        if (field.string) return actual.toLowerCase().startsWith(expected.toLowerCase());
        return actual === expected;
      };
      const matches = (resource: Resource): boolean =>
        valuesAt(resource, field.path).some((actual) =>
          wanted.some((expected) => matchOne(actual, expected))
        );
      tests.push(modifier === 'not' ? (resource) => !matches(resource) : matches);
    }
    const count = clampInt(params.get('_count'), 20, 0, 1000);
    const offset = clampInt(params.get('_offset'), 0, 0, Number.MAX_SAFE_INTEGER);
    const matched: Resource[] = [];
    for (const resource of this.all(resourceType)) {
      if (tests.every((test) => test(resource))) matched.push(resource);
    }
    const sort = params.get('_sort');
    if (sort) matched.sort(comparator(fields, sort));
    return { resources: matched.slice(offset, offset + count), total: matched.length, included: [] };
  }

  private loaded(resourceType: DefinitionType): Map<string, Resource> {
    const resources = this.byType.get(resourceType);
    if (!resources) throw new Error(`${resourceType} definitions are not loaded yet`);
    return resources;
  }

  private async load(resourceType: DefinitionType): Promise<void> {
    const list: Resource[] = [];
    if (resourceType === 'SearchParameter' && this.searchParameters) {
      list.push(...this.searchParameters());
    } else {
      const bundles = await Promise.all(FILES[resourceType].map((file) => this.loader(file)));
      for (const bundle of bundles) {
        for (const entry of bundle.entry ?? []) if (entry.resource) list.push(entry.resource);
      }
    }
    const resources = new Map<string, Resource>();
    for (const resource of list) {
      if (resource.resourceType !== resourceType || !resource.id) continue;
      resources.set(resource.id, withVersion(resource));
    }
    this.byType.set(resourceType, resources);
  }
}

/** Definitions are version 1 of themselves, so reads carry an ETag like any other resource. */
function withVersion(resource: Resource): Resource {
  const definition = resource as StructureDefinition | SearchParameter;
  return {
    ...definition,
    meta: { ...definition.meta, versionId: definition.meta?.versionId ?? '1' },
  } as Resource;
}

/** Orders by `_sort=code,-name`: each key a supported parameter, '-' for descending. */
function comparator(
  fields: Record<string, { path: string }>,
  sort: string
): (a: Resource, b: Resource) => number {
  const keys = sort.split(',').map((term) => {
    const descending = term.startsWith('-');
    const code = descending ? term.slice(1) : term;
    const field = fields[code];
    if (!field) throw badRequest(`Unknown sort key '${code}'`, '_sort');
    return { path: field.path, sign: descending ? -1 : 1 };
  });
  return (a, b) => {
    for (const { path, sign } of keys) {
      const order = (valuesAt(a, path)[0] ?? '').localeCompare(valuesAt(b, path)[0] ?? '');
      if (order !== 0) return order * sign;
    }
    return 0;
  };
}

function valuesAt(resource: Resource, path: string): string[] {
  const value = (resource as unknown as Record<string, unknown>)[path];
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item) => ['string', 'boolean', 'number'].includes(typeof item)).map(String);
}

const definitionValues = new WeakMap<Resource, Map<string, SearchValue[]>>();

/** A `_filter` on definitions, evaluated with the published search parameters of their type. */
function filterTest(resourceType: DefinitionType, text: string): (resource: Resource) => boolean {
  const expression = compileDefinitionFilter(resourceType, text);
  return (resource) => {
    let values = definitionValues.get(resource);
    if (!values) definitionValues.set(resource, (values = new Map()));
    const cache = values;
    return expression.matches((param) => {
      let found = cache.get(param.key);
      if (!found) cache.set(param.key, (found = param.extract(resource)));
      return found;
    });
  };
}

function compileDefinitionFilter(resourceType: DefinitionType, text: string): FilterExpression {
  try {
    return compileFilterExpression(getSearchRegistry(), resourceType, text);
  } catch (err) {
    if (err instanceof SearchError) throw badRequest(err.message, '_filter');
    throw err;
  }
}
