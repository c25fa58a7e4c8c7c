import { Group, Stack, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useCallback, useMemo } from 'react';
import { useReferenceNames, useSave } from '@/ui';
import { ServerStateNotice } from '../common/ServerStateNotice';
import { useHistory } from '../common/use-history';
import { CommentBox } from './CommentBox';
import { TimelineCard } from './TimelineCard';
import { timelineItems, type TimelineItem } from './timeline-items';
import { pinOperations, referenceOf } from './timeline-rules';
import { UploadButton } from './UploadButton';
import { VirtualList } from './VirtualList';
import { useTimelineResources } from './use-timeline';
import { useUploadStatus } from './use-upload-status';

/** From how many cards the timeline keeps only those near the viewport in the page. */
const VIRTUAL_FROM = 50;

/** A comment card's usual height: a heading line and one or two lines of text. */
const CARD_ESTIMATE = 72;

/**
 * The Timeline tab: a comment box and an upload button, then the resource's versions and the
 * comments, attachments, tasks and audit events about it, pinned and urgent ones first, then newest
 * first. Read from the replica (the server's answers are kept there), so it works offline and shows
 * what this device has not sent yet as waiting.
 */
export function TimelineTab({ resource }: { resource: Resource }) {
  const reference = referenceOf(resource);
  const history = useHistory(resource.resourceType, resource.id ?? '');
  const { records, server } = useTimelineResources(resource);
  const { save } = useSave();
  const items = useMemo(() => {
    const versions =
      history.status === 'ready'
        ? history.data
        : [{ versionId: resource.meta?.versionId ?? '', date: resource.meta?.lastUpdated ?? '', author: '' }];
    return timelineItems(
      reference,
      versions.filter((version) => version.versionId),
      records ?? []
    );
  }, [history, resource, reference, records]);
  const mediaKeys = useMemo(
    () =>
      new Set(
        items.flatMap((item) =>
          item.kind === 'resource' && item.resource.resourceType === 'Media' ? [item.key] : []
        )
      ),
    [items]
  );
  const upload = useUploadStatus(mediaKeys);
  const names = useReferenceNames(
    items.flatMap((item) => {
      if (item.kind !== 'resource') return [];
      const r = item.resource as { sender?: { reference?: string }; operator?: { reference?: string } };
      return [r.sender, r.operator];
    })
  );

  // Stable across renders, so the memoised cards already drawn are not drawn again.
  const pin = useCallback(
    (target: Resource): void =>
      void save({
        change: {
          resourceType: target.resourceType,
          id: target.id,
          kind: 'patch',
          operations: pinOperations(target),
          commutes: false,
          label: 'Pin',
        },
      }),
    [save]
  );

  const card = useCallback(
    (item: TimelineItem) => (
      <TimelineCard
        subject={resource}
        item={item}
        names={names}
        upload={item.kind === 'resource' && item.waiting && upload?.key === item.key ? upload : undefined}
        onPin={pin}
      />
    ),
    [resource, names, upload, pin]
  );
  const itemKey = useCallback((item: TimelineItem) => item.key, []);

  return (
    <Stack gap="xs" aria-label="Timeline">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 260 }}>
          <CommentBox resource={resource} />
        </div>
        <UploadButton resource={resource} />
      </Group>
      {history.status === 'error' && <ServerStateNotice state={history} what="version history" />}
      {history.status === 'offline' && (
        <Text size="sm" c="dimmed">
          Offline: the versions come from the server; this device shows the one it holds.
        </Text>
      )}
      {server.status === 'error' && <ServerStateNotice state={server} what="timeline" />}
      {records === undefined && (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      )}
      {items.length > VIRTUAL_FROM ? (
        <VirtualList items={items} itemKey={itemKey} estimate={CARD_ESTIMATE} renderItem={card} />
      ) : (
        items.map((item) => <div key={item.key}>{card(item)}</div>)
      )}
    </Stack>
  );
}
