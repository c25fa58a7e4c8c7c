import type { Communication } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { SearchParameterInfo } from '@/ui';
import { resourceColumns } from './columns';

const message: Communication = {
  resourceType: 'Communication',
  status: 'completed',
  sender: { reference: 'Practitioner/pr-bob' },
  recipient: [{ reference: 'Patient/p1' }, { reference: 'Practitioner/pr-ann', display: 'Ann Lee, RN' }],
};

const parameters = [
  { code: 'sender', type: 'reference', expression: 'Communication.sender' },
  { code: 'recipient', type: 'reference', expression: 'Communication.recipient' },
] as SearchParameterInfo[];

describe('reference columns of a search parameter', () => {
  it('read senders and recipients as names when known, and link to them', () => {
    const [sender, recipient] = resourceColumns(['sender', 'recipient'], 'Communication', parameters);
    const names = new Map([
      ['Practitioner/pr-bob', 'Bob Jones'],
      ['Patient/p1', 'Maria Gonzalez'],
    ]);
    expect(sender?.value(message, names)).toBe('Bob Jones');
    expect(recipient?.value(message, names)).toBe('Maria Gonzalez, Ann Lee, RN');
    expect(sender?.references?.(message)).toEqual([{ reference: 'Practitioner/pr-bob' }]);
    expect(recipient?.references?.(message)).toHaveLength(2);
    // Unknown names read as the reference, as before.
    expect(sender?.value(message)).toBe('Practitioner/pr-bob');
  });
});
