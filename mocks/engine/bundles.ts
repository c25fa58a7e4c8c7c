import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import { clampInt } from './query-values';
import { badRequest } from './outcome';
import type { SearchResult } from './types';

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 1000;

/** Where a page was asked for, to build absolute fullUrls and paging links. */
export interface PageRequest {
  /** Absolute base, ending in '/', e.g. http://localhost/fhir/R4/ */
  baseUrl: string;
  /** Below the base, e.g. 'Patient' or 'Patient/123/_history'. */
  path: string;
  params: URLSearchParams;
}

export interface Paging {
  count: number;
  offset: number;
}

export function readPaging(params: URLSearchParams): Paging {
  return {
    count: clampInt(params.get('_count'), DEFAULT_COUNT, 0, MAX_COUNT),
    offset: clampInt(params.get('_offset'), 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** Search result parameters the REST layer applies itself; the search engine never sees them. */
export const PRESENTATION_PARAMS = ['_total', '_summary', '_elements', '_format', '_pretty'];

/** Paging, order and presentation: parameters that shape an answer but select nothing. */
export const PAGE_AND_PRESENTATION_PARAMS: readonly string[] = [
  '_count',
  '_offset',
  '_sort',
  ...PRESENTATION_PARAMS,
];

export function fullUrl(baseUrl: string, resource: { resourceType: string; id?: string }): string {
  return `${baseUrl}${resource.resourceType}/${resource.id ?? ''}`;
}

/** self, first, previous, next and last links for an offset-paged result. */
export function pageLinks(
  request: PageRequest,
  paging: Paging,
  total: number | undefined,
  returned: number
): BundleLink[] {
  const at = (offset: number): string => {
    const params = new URLSearchParams(request.params);
    params.set('_count', String(paging.count));
    params.set('_offset', String(offset));
    return `${request.baseUrl}${request.path}?${params.toString()}`;
  };
  const query = request.params.toString();
  const links: BundleLink[] = [
    { relation: 'self', url: `${request.baseUrl}${request.path}${query ? `?${query}` : ''}` },
  ];
  if (paging.count === 0) return links;
  links.push({ relation: 'first', url: at(0) });
  if (paging.offset > 0)
    links.push({ relation: 'previous', url: at(Math.max(0, paging.offset - paging.count)) });
  const hasNext = total === undefined ? returned >= paging.count : paging.offset + paging.count < total;
  if (hasNext) links.push({ relation: 'next', url: at(paging.offset + paging.count) });
  if (total !== undefined) {
    links.push({
      relation: 'last',
      url: at(Math.max(0, Math.floor((total - 1) / paging.count) * paging.count)),
    });
  }
  return links;
}

/** A searchset Bundle honouring _total, _summary and _elements. */
export function searchsetBundle(request: PageRequest, result: SearchResult, paging: Paging): Bundle {
  const params = request.params;
  const totalMode = params.get('_total') ?? 'accurate';
  if (!['none', 'estimate', 'accurate'].includes(totalMode))
    throw badRequest(`Invalid _total '${totalMode}'`);
  const summary = params.get('_summary');
  if (summary === 'count') {
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      total: result.total,
      link: [{ relation: 'self', url: pageLinks(request, paging, result.total, 0)[0]?.url ?? '' }],
    };
  }
  const shape = presenter(params);
  const entry: BundleEntry[] = [
    ...result.resources.map((resource) => ({
      fullUrl: fullUrl(request.baseUrl, resource),
      resource: shape(resource),
      search: { mode: 'match' as const },
    })),
    ...result.included.map((resource) => ({
      fullUrl: fullUrl(request.baseUrl, resource),
      resource: shape(resource),
      search: { mode: 'include' as const },
    })),
  ];
  const bundle: Bundle = { resourceType: 'Bundle', type: 'searchset' };
  if (totalMode !== 'none') bundle.total = result.total;
  bundle.link = pageLinks(request, paging, result.total, result.resources.length);
  bundle.entry = entry;
  return bundle;
}

const ALWAYS_KEPT = new Set(['resourceType', 'id', 'meta']);
const SUBSETTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED' };

/** How _elements and _summary shape each resource (identity when neither is given). */
export function presenter(params: URLSearchParams): (resource: Resource) => Resource {
  const elements = params.get('_elements');
  const summary = params.get('_summary');
  if (summary && !['true', 'false', 'text', 'data', 'count'].includes(summary)) {
    throw badRequest(`Invalid _summary '${summary}'`);
  }
  if (elements) {
    const wanted = new Set(
      elements
        .split(',')
        .map((name) => name.trim().replace(/^[A-Z][A-Za-z]*\./, ''))
        .filter(Boolean)
    );
    return (resource) => pick(resource, (key) => ALWAYS_KEPT.has(key) || wanted.has(key));
  }
  if (summary === 'text')
    return (resource) => pick(resource, (key) => ALWAYS_KEPT.has(key) || key === 'text');
  if (summary === 'data') return (resource) => pick(resource, (key) => key !== 'text');
  // Without element definitions at hand, the summary drops the narrative and contained resources.
  if (summary === 'true') return (resource) => pick(resource, (key) => key !== 'text' && key !== 'contained');
  return (resource) => resource;
}

function pick(resource: Resource, keep: (key: string) => boolean): Resource {
  const source = resource as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (keep(key)) out[key] = source[key];
  const meta = (out.meta ?? {}) as NonNullable<Resource['meta']>;
  out.meta = { ...meta, tag: [...(meta.tag ?? []), SUBSETTED] };
  return out as unknown as Resource;
}
