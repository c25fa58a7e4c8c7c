/**
 * A URL query as the router keeps it: plain text values, a repeated parameter as a list in its
 * order (`birthdate=ge1970&birthdate=le1980` is two filters, not one), and URLs that keep '/', ':'
 * and ',' readable (/Task?owner=Practitioner/1).
 */
export type UrlSearch = Record<string, string | string[]>;

export function parseUrlSearch(searchStr: string): UrlSearch {
  const search: UrlSearch = {};
  for (const [name, value] of new URLSearchParams(searchStr)) {
    const held = search[name];
    search[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
  }
  return search;
}

/** Encodes a query's names and values, leaving '/', ':' and ',' as they are. */
export function queryString(search: Iterable<[string, string]>): string {
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/%2F/gi, '/').replace(/%3A/gi, ':').replace(/%2C/gi, ',');
  return [...search].map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/** '?a=1&a=2' from { a: ['1', '2'] }; '' when empty. Other values are written as JSON. */
export function stringifyUrlSearch(search: Record<string, unknown>): string {
  const entries = Object.entries(search).flatMap(([name, value]): [string, string][] => {
    if (value === undefined || value === null) return [];
    const values = Array.isArray(value) ? value : [value];
    return values.map((item): [string, string] => [
      name,
      typeof item === 'string' ? item : JSON.stringify(item),
    ]);
  });
  const query = queryString(entries);
  return query ? `?${query}` : '';
}

/** A route's search values kept as text: a single value or a repeated parameter's list. */
export function textSearch(search: Record<string, unknown>): UrlSearch {
  return Object.fromEntries(
    Object.entries(search).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(String) : String(value),
    ])
  );
}
