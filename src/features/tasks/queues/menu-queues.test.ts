import { describe, expect, it } from 'vitest';
import { UPLOAD_LINKS } from '../shell/upload-links';
import { bestMatchingLink } from '@/ui';
import { queueHref, taskMenuQueues } from './menu-queues';

const queues = taskMenuQueues('Practitioner/alice', [{ code: '158965000', display: 'Doctor' }], ['NY', 'CA']);
const at = (url: string) => {
  const [pathname = '', search = ''] = url.split('?');
  return bestMatchingLink([...queues, ...UPLOAD_LINKS], pathname, new URLSearchParams(search))?.label;
};

describe('the side menu', () => {
  it('lists My Tasks, one queue per role and per state, then All Tasks', () => {
    expect(queues.map((queue) => queue.label)).toEqual([
      'My Tasks',
      'Doctor Tasks',
      'NY Tasks',
      'CA Tasks',
      'All Tasks',
    ]);
  });

  it('links to readable queue URLs', () => {
    expect(queues.map(queueHref)).toEqual([
      '/Task?owner=Practitioner/alice&status:not=completed&_sort=-priority-order,due-date',
      '/Task?owner:missing=true&status:not=completed&performer=158965000&_sort=-priority-order,due-date',
      '/Task?owner:missing=true&status:not=completed&patient.address-state=NY&_sort=-priority-order,due-date',
      '/Task?owner:missing=true&status:not=completed&patient.address-state=CA&_sort=-priority-order,due-date',
      '/Task',
    ]);
  });

  it('marks the link whose path and query best match the location', () => {
    for (const queue of queues) expect(at(queueHref(queue))).toBe(queue.label);
    expect(at('/Task?owner=Practitioner/alice&status=completed')).toBe('My Tasks');
    expect(at('/Task?status:not=completed')).toBe('All Tasks');
    expect(at('/Task?status=completed')).toBe('All Tasks');
    expect(at('/Task?owner=Practitioner/bob')).toBe('All Tasks');
    expect(at('/Task?performer=158965000&owner:missing=true&_offset=40')).toBe('Doctor Tasks');
    expect(at('/upload/bots')).toBe('Upload Example Bots');
    expect(at('/Task/1/details')).toBeUndefined();
  });

  it('has no My Tasks before the profile is known', () => {
    expect(taskMenuQueues(undefined, [], []).map((queue) => queue.label)).toEqual(['All Tasks']);
  });
});
