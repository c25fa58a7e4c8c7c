import { describe, expect, it } from 'vitest';
import { operatorsFor } from './operators';
import { formatListSearch, parseListSearch, quickDateFilters } from './search-request';

const types: Record<string, string> = {
  birthdate: 'date',
  name: 'string',
  gender: 'token',
  length: 'quantity',
};
const typeOf = (code: string) => types[code];

describe('the search of a list in the URL', () => {
  it('reads modifiers and prefixes as operators and writes them back the same', () => {
    const query =
      'name:contains=ann&birthdate=ge1970-01-01&birthdate=le1980&gender:not=male&_sort=-birthdate&_fields=name,gender&_offset=20';
    const search = parseListSearch(new URLSearchParams(query), typeOf);
    expect(search.filters).toEqual([
      { code: 'name', operator: 'contains', value: 'ann' },
      { code: 'birthdate', operator: 'ge', value: '1970-01-01' },
      { code: 'birthdate', operator: 'le', value: '1980' },
      { code: 'gender', operator: 'not', value: 'male' },
    ]);
    expect(search.sort).toEqual([{ code: 'birthdate', descending: true }]);
    expect(search.fields).toEqual(['name', 'gender']);
    expect(search.offset).toBe(20);
    expect(decodeURIComponent(formatListSearch(search).toString())).toBe(query);
  });

  it('leaves a prefix-looking value of a string or token parameter alone', () => {
    const search = parseListSearch(new URLSearchParams('name=ge&gender=le1'), typeOf);
    expect(search.filters.map((filter) => filter.operator)).toEqual(['eq', 'eq']);
  });

  it('keeps what the control does not edit', () => {
    const search = parseListSearch(new URLSearchParams('_filter=name co "a"&name:missing=true'), typeOf);
    expect(search.filters).toEqual([]);
    expect(formatListSearch(search).toString()).toBe('_filter=name+co+%22a%22&name%3Amissing=true');
  });
});

describe('the quick date filters', () => {
  const now = new Date(2026, 0, 15, 10, 0).getTime();
  it.each([
    ['today', [['eq', '2026-01-15']]],
    ['yesterday', [['eq', '2026-01-14']]],
    ['tomorrow', [['eq', '2026-01-16']]],
    ['this month', [['eq', '2026-01']]],
    ['last month', [['eq', '2025-12']]],
    ['next month', [['eq', '2026-02']]],
    [
      'year to date',
      [
        ['ge', '2026-01-01'],
        ['le', '2026-01-15'],
      ],
    ],
  ] as const)('%s', (quick, expected) => {
    expect(quickDateFilters('date', quick, now).map((f) => [f.operator, f.value])).toEqual(expected);
  });
});

describe('the operators per parameter type', () => {
  const labels = (type: string) => operatorsFor(type).map((choice) => choice.label);
  it('number and quantity share the six comparisons, which date extends', () => {
    expect(labels('number')).toHaveLength(6);
    expect(labels('quantity')).toEqual(labels('number'));
    expect(labels('date').slice(0, 6)).toEqual(labels('number'));
    expect(labels('date').slice(6)).toEqual(['starts after', 'ends before', 'approximately']);
  });
  it('a type without comparisons (composite) offers equals only', () => {
    expect(labels('composite')).toEqual(['equals']);
  });
});
