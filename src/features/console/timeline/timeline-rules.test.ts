import type { Communication, DiagnosticReport, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { isPinned, sortTimeline, timelineTime, togglePinPriority } from './timeline-rules';

const comment = (id: string, sent: string, priority?: Communication['priority']): Communication => ({
  resourceType: 'Communication',
  id,
  status: 'completed',
  sent,
  priority,
});

describe('the timeline order', () => {
  it('puts stat, then asap, then urgent first, and the rest newest first', () => {
    const items: Resource[] = [
      comment('old-routine', '2024-01-01T10:00:00Z', 'routine'),
      comment('urgent', '2023-01-01T10:00:00Z', 'urgent'),
      comment('new-plain', '2024-06-01T10:00:00Z'),
      comment('stat', '2022-01-01T10:00:00Z', 'stat'),
      comment('asap', '2022-06-01T10:00:00Z', 'asap'),
      {
        resourceType: 'DiagnosticReport',
        id: 'report',
        status: 'final',
        code: {},
        issued: '2024-03-01T00:00:00Z',
      },
    ];
    expect(sortTimeline(items).map((item) => item.id)).toEqual([
      'stat',
      'asap',
      'urgent',
      'new-plain',
      'report',
      'old-routine',
    ]);
  });

  it('dates an item by sent, issued, date, then its last change', () => {
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: {},
      issued: '2024-03-01T00:00:00Z',
      meta: { lastUpdated: '2024-04-01T00:00:00Z' },
    };
    expect(timelineTime(report)).toBe('2024-03-01T00:00:00Z');
    expect(timelineTime({ resourceType: 'Patient', meta: { lastUpdated: '2024-04-01T00:00:00Z' } })).toBe(
      '2024-04-01T00:00:00Z'
    );
  });

  it('orders equal times of equal weight stably', () => {
    const same = [comment('a', '2024-01-01T00:00:00Z'), comment('b', '2024-01-01T00:00:00Z')];
    expect(sortTimeline(same).map((item) => item.id)).toEqual(['a', 'b']);
  });
});

describe('pinning', () => {
  it('Pin sets stat and marks the item pinned; Unpin sets routine', () => {
    const plain = comment('c', '2024-01-01T00:00:00Z', 'routine');
    expect(isPinned(plain)).toBe(false);
    expect(togglePinPriority(plain)).toBe('stat');
    const pinned = { ...plain, priority: 'stat' as const };
    expect(isPinned(pinned)).toBe(true);
    expect(togglePinPriority(pinned)).toBe('routine');
  });
});
