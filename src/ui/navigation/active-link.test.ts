import { describe, expect, it } from 'vitest';
import { bestMatchingLink, linkFromTarget, linkHref, type MenuLink } from './active-link';

const links: MenuLink[] = [
  { label: 'All Tasks', pathname: '/Task', search: [] },
  {
    label: 'My Tasks',
    pathname: '/Task',
    search: [
      ['owner', 'Practitioner/alice'],
      ['status:not', 'completed'],
    ],
  },
  linkFromTarget('Smiths', '/Patient?name=smith'),
  linkFromTarget('Smiths page 2', '/Patient?name=smith&_offset=20'),
  linkFromTarget('Patients', 'Patient'),
  linkFromTarget('Texans', '/Patient?address-state=TX&name=smith'),
];

const activeAt = (url: string) => {
  const [pathname = '', search = ''] = url.split('?');
  return bestMatchingLink(links, pathname, new URLSearchParams(search))?.label;
};

describe('the active navigation link', () => {
  it.each([
    // The same path and query.
    ['/Task?owner=Practitioner/alice&status:not=completed', 'My Tasks'],
    ['/Patient?name=smith', 'Smiths'],
    ['/Patient?address-state=TX&name=smith', 'Texans'],
    // Paging is ignored, on the link and on the location.
    ['/Patient?name=smith&_offset=40&_count=20', 'Smiths'],
    ['/Task?owner=Practitioner/alice&_offset=20', 'My Tasks'],
    // The link with the fewest parameters the location lacks.
    ['/Task', 'All Tasks'],
    ['/Patient', 'Patients'],
    ['/Patient?gender=female', 'Patients'],
    // Never a link whose own filter differs, nor one on another path.
    ['/Task?owner=Practitioner/bob', 'All Tasks'],
    ['/Patient?name=jones', 'Patients'],
    ['/Observation', undefined],
    ['/Task/1/details', undefined],
  ])('at %s is %s', (url, label) => {
    expect(activeAt(url)).toBe(label);
  });
});

describe('links from saved targets', () => {
  it('keep path and query and print them readably', () => {
    const link = linkFromTarget('Mine', '/Task?owner=Practitioner/1&_sort=-priority-order,due-date');
    expect(link.pathname).toBe('/Task');
    expect(linkHref(link)).toBe('/Task?owner=Practitioner/1&_sort=-priority-order,due-date');
    expect(linkHref(linkFromTarget('Patients', 'Patient'))).toBe('/Patient');
  });
});
