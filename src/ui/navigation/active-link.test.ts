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
  it('is the link with the same path and query', () => {
    expect(activeAt('/Task?owner=Practitioner/alice&status:not=completed')).toBe('My Tasks');
    expect(activeAt('/Patient?name=smith')).toBe('Smiths');
    expect(activeAt('/Patient?address-state=TX&name=smith')).toBe('Texans');
  });

  it('ignores paging, on the link and on the location', () => {
    expect(activeAt('/Patient?name=smith&_offset=40&_count=20')).toBe('Smiths');
    expect(activeAt('/Task?owner=Practitioner/alice&_offset=20')).toBe('My Tasks');
  });

  it('prefers the link with the fewest parameters the location lacks', () => {
    expect(activeAt('/Task')).toBe('All Tasks');
    expect(activeAt('/Patient')).toBe('Patients');
    expect(activeAt('/Patient?gender=female')).toBe('Patients');
  });

  it('never picks a link whose own filter differs, nor one on another path', () => {
    expect(activeAt('/Task?owner=Practitioner/bob')).toBe('All Tasks');
    expect(activeAt('/Patient?name=jones')).toBe('Patients');
    expect(activeAt('/Observation')).toBeUndefined();
    expect(activeAt('/Task/1/details')).toBeUndefined();
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
