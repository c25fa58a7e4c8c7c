import { queryString } from '../list/url-search';

/** One link of the side navigation: a path and the query it opens, in URL order. */
export interface MenuLink {
  label: string;
  /** '/Task' */
  pathname: string;
  search: [string, string][];
}

/** A titled group of links in the side navigation. */
export interface MenuGroup {
  title: string;
  links: MenuLink[];
}

/**
 * Parameters a list changes by itself (paging, sort, the status tab, chosen columns): a link whose
 * value differs still matches, and a location that has them is not penalised.
 */
export const SOFT_PARAMETERS: readonly string[] = [
  '_offset',
  '_count',
  '_sort',
  '_fields',
  'status',
  'status:not',
];

const PAGING_PARAMETERS: readonly string[] = ['_offset', '_count'];

/** The address a link opens: '/Task?owner=Practitioner/1'. */
export function linkHref(link: Pick<MenuLink, 'pathname' | 'search'>): string {
  const query = queryString(link.search);
  return query ? `${link.pathname}?${query}` : link.pathname;
}

/** A link from a saved target ('/Patient?name=smith&_offset=20'); paths without a leading '/' get one. */
export function linkFromTarget(label: string, target: string): MenuLink {
  const [path = '', query = ''] = target.split('?', 2);
  const pathname = path.startsWith('/') ? path : `/${path}`;
  return { label, pathname, search: [...new URLSearchParams(query)] };
}

/**
 * The link that best matches the location: the same path and none of its hard parameters different;
 * then the most of its parameters present with the same value, and the fewest other hard parameters
 * (so bare /Task is All Tasks, not a filtered queue). Paging never decides. Undefined when no link's
 * path matches.
 */
export function bestMatchingLink<T extends Pick<MenuLink, 'pathname' | 'search'>>(
  links: readonly T[],
  pathname: string,
  params: URLSearchParams
): T | undefined {
  const soft = (name: string) => SOFT_PARAMETERS.includes(name);
  let best: T | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const link of links) {
    if (link.pathname !== pathname) continue;
    if (link.search.some(([name, value]) => !soft(name) && params.get(name) !== value)) continue;
    const shared = link.search.filter(
      ([name, value]) => !PAGING_PARAMETERS.includes(name) && params.get(name) === value
    );
    const extra = [...new Set(params.keys())].filter(
      (name) => !soft(name) && !link.search.some(([own]) => own === name)
    );
    const score = shared.length * 100 - extra.length;
    if (score > bestScore) {
      best = link;
      bestScore = score;
    }
  }
  return best;
}
