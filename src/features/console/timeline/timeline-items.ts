import type { Resource } from '@medplum/fhirtypes';
import type { StoredResource } from '@/ui';
import type { VersionEntry } from '../common/history';
import { compareOrdered, isAbout, orderOf, type Ordered } from './timeline-rules';

/** One card of a timeline: a version of the resource, or a resource about it. */
export type TimelineItem =
  | { kind: 'version'; key: string; order: Ordered; version: VersionEntry }
  | {
      kind: 'resource';
      key: string;
      order: Ordered;
      resource: Resource;
      /** Changes made on this device that the server has not confirmed yet. */
      waiting: boolean;
    };

/**
 * The cards of a resource's timeline, in the timeline's order: its versions (unweighted), then the
 * comments, attachments, tasks and audit events about it that the replica holds (deleted ones left out).
 */
export function timelineItems(
  reference: string,
  versions: readonly VersionEntry[],
  records: readonly StoredResource[]
): TimelineItem[] {
  const items: TimelineItem[] = versions.map((version) => ({
    kind: 'version',
    key: `version-${version.versionId}`,
    order: { weight: 0, time: version.date },
    version,
  }));
  const seen = new Set<string>();
  for (const record of records) {
    if (record.deleted || seen.has(record.key) || !isAbout(record.resource, reference)) continue;
    seen.add(record.key);
    items.push({
      kind: 'resource',
      key: record.key,
      order: orderOf(record.resource),
      resource: record.resource,
      waiting: record.pending > 0,
    });
  }
  return items.sort((a, b) => compareOrdered(a.order, b.order));
}
