import { Group, Stack, Text } from '@mantine/core';
import type { Reference, Resource } from '@medplum/fhirtypes';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CLIENT_ID_SYSTEM, useReferenceNames, useSave, type AppliedChange } from '@/ui';
import { ServerStateNotice } from '../common/ServerStateNotice';
import { useHistory } from '../common/use-history';
import { CommentBox } from './CommentBox';
import { TimelineCard } from './TimelineCard';
import { timelineItems, type TimelineItem } from './timeline-items';
import { pinOperations, referenceOf, replyCounts } from './timeline-rules';
import { UploadButton } from './UploadButton';
import { VirtualList } from './VirtualList';
import { useTimelineResources } from './use-timeline';
import { useUploadStatus } from './use-upload-status';

/** From how many cards the timeline keeps only those near the viewport in the page. */
const VIRTUAL_FROM = 50;

/** A comment card's usual height: a heading line and one or two lines of text. */
const CARD_ESTIMATE = 72;

/**
 * Whether a card is the resource a change on this device made: its key, or, once the server has
 * confirmed a create under its own id, the device's identifier it keeps.
 */
function isMadeBy(item: TimelineItem, made: AppliedChange): boolean {
  if (item.kind !== 'resource') return false;
  if (item.key === made.key) return true;
  const identifiers = (item.resource as { identifier?: { system?: string; value?: string }[] }).identifier;
  return (identifiers ?? []).some((id) => id.system === CLIENT_ID_SYSTEM && id.value === made.id);
}

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
  // A comment or file just added is brought into view once its card is drawn.
  const [added, setAdded] = useState<AppliedChange>();
  const addedKey = added ? items.find((item) => isMadeBy(item, added))?.key : undefined;
  const list = useRef<HTMLDivElement>(null);
  const virtual = items.length > VIRTUAL_FROM;
  // Each card added is brought into view once: the timeline changing later does not pull the reader back.
  const shown = useRef<string>(undefined);
  useEffect(() => {
    if (!addedKey || virtual || shown.current === addedKey) return;
    shown.current = addedKey;
    const card = [...(list.current?.querySelectorAll<HTMLElement>('[data-key]') ?? [])].find(
      (element) => element.dataset.key === addedKey
    );
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [addedKey, virtual]);
  // Threads count their replies among every message the device holds, not only those on this timeline.
  const replies = useMemo(() => replyCounts(records ?? []), [records]);
  const names = useReferenceNames(
    items.flatMap((item) => {
      if (item.kind !== 'resource') return [];
      const r = item.resource as {
        sender?: Reference;
        operator?: Reference;
        recipient?: Reference[];
        agent?: { who?: Reference }[];
      };
      return [r.sender, r.operator, ...(r.recipient ?? []), r.agent?.[0]?.who];
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
        replies={replies.get(item.key)}
        onPin={pin}
      />
    ),
    [resource, names, upload, replies, pin]
  );
  const itemKey = useCallback((item: TimelineItem) => item.key, []);

  return (
    <Stack gap="xs" aria-label="Timeline" ref={list}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: 1, minWidth: 260 }}>
          <CommentBox resource={resource} onAdded={setAdded} />
        </div>
        <UploadButton resource={resource} onAdded={setAdded} />
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
      {virtual ? (
        <VirtualList
          items={items}
          itemKey={itemKey}
          estimate={CARD_ESTIMATE}
          renderItem={card}
          scrollToKey={addedKey}
        />
      ) : (
        items.map((item) => <div key={item.key}>{card(item)}</div>)
      )}
    </Stack>
  );
}
