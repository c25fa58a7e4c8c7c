import { describe, expect, it } from 'vitest';
import { cleanValue } from './clean-value';

describe('what a form emits', () => {
  it('drops empty strings, NaN, null and undefined, then the arrays and objects left empty', () => {
    expect(
      cleanValue({
        resourceType: 'Patient',
        name: [{ given: ['', 'Ann'], family: '  ' }, { given: [] }, {}],
        telecom: [{ system: 'phone', value: '' }],
        multipleBirthInteger: Number.NaN,
        photo: [],
        active: false,
        address: [{ line: [undefined, null] }],
      })
    ).toEqual({
      resourceType: 'Patient',
      name: [{ given: ['Ann'] }],
      telecom: [{ system: 'phone' }],
      active: false,
    });
  });

  it('keeps zero, false and text with inner spaces as they are', () => {
    expect(cleanValue({ a: 0, b: false, c: ' x y ' })).toEqual({ a: 0, b: false, c: ' x y ' });
  });

  it('is nothing for an all-empty value', () => {
    expect(cleanValue({ a: [{ b: '' }] })).toBeUndefined();
  });
});
