import type { HumanName } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { formatHumanName } from './human-name';

const alice: HumanName = {
  use: 'official',
  prefix: ['Dr.'],
  given: ['Alice', 'Jane'],
  family: 'Smith',
  suffix: ['MD'],
};

describe('formatHumanName', () => {
  it('reads prefix, given names, family and suffix in order', () => {
    expect(formatHumanName(alice)).toBe('Dr. Alice Jane Smith MD');
  });

  it('leaves out the prefix or suffix when asked, and adds the use when asked', () => {
    expect(formatHumanName(alice, { prefix: false, suffix: false })).toBe('Alice Jane Smith');
    expect(formatHumanName(alice, { prefix: false })).toBe('Alice Jane Smith MD');
    expect(formatHumanName(alice, { use: true })).toBe('Dr. Alice Jane Smith MD [official]');
  });

  it('prefers the name as written in full, but builds it from parts when a part is dropped', () => {
    const written: HumanName = { ...alice, text: 'Dr Alice J. Smith, MD' };
    expect(formatHumanName(written)).toBe('Dr Alice J. Smith, MD');
    expect(formatHumanName(written, { prefix: false, suffix: false })).toBe('Alice Jane Smith');
    expect(formatHumanName({ text: 'Baby Smith' }, { prefix: false })).toBe('Baby Smith');
  });

  it('shows nothing for no name', () => {
    expect(formatHumanName(undefined)).toBe('');
    expect(formatHumanName({})).toBe('');
  });
});
