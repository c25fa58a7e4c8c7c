import { describe, expect, it } from 'vitest';
import { formatAddress } from './address';

describe('formatAddress', () => {
  it('reads the street lines, then city, state and postcode as a letter is addressed', () => {
    const address = {
      use: 'home' as const,
      line: ['1 Main St', 'Apt 2'],
      city: 'Albany',
      state: 'NY',
      postalCode: '12207',
    };
    expect(formatAddress(address)).toBe('1 Main St, Apt 2, Albany, NY 12207');
    expect(formatAddress(address, { use: true })).toBe('1 Main St, Apt 2, Albany, NY 12207, [home]');
  });

  it('keeps what parts there are', () => {
    expect(formatAddress({ city: 'Austin', state: 'TX' })).toBe('Austin, TX');
    expect(formatAddress({ state: 'CA', postalCode: '94110' })).toBe('CA 94110');
    expect(formatAddress({ text: 'c/o the clinic' })).toBe('c/o the clinic');
    expect(formatAddress(undefined)).toBe('');
  });
});
