import type { Address } from '@medplum/fhirtypes';

/** Whether to add the address's use ('[home]'). */
export interface AddressOptions {
  use?: boolean;
}

/**
 * An address on one line as a letter is addressed: the street lines, then 'city, state postcode'
 * ('1 Main St, Springfield, IL 62701'); its text when it has no parts.
 */
export function formatAddress(address: Address | undefined, options: AddressOptions = {}): string {
  if (!address) return '';
  const region = [address.state, address.postalCode].filter(Boolean).join(' ');
  const cityLine = [address.city, region].filter(Boolean).join(', ');
  const parts = [...(address.line ?? []), cityLine, address.country].filter(Boolean);
  if (parts.length === 0) return address.text ?? '';
  if (options.use && address.use) parts.push(`[${address.use}]`);
  return parts.join(', ');
}
