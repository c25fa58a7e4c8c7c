import { ActionIcon, Anchor, Badge, Card, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import type { AuditEvent, Communication, Media, Resource, Task } from '@medplum/fhirtypes';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { memo, useState, type ReactNode } from 'react';
import {
  formatCodeableConcept,
  formatCoding,
  formatDateTime,
  formatReference,
  type ReferenceNames,
} from '@/ui';
import { withBack } from '../common/back-path';
import { MediaLink } from './MediaLink';
import type { TimelineItem } from './timeline-items';
import { canPin, commentText, isPinned, repliesText, threadTopic } from './timeline-rules';
import type { UploadView } from './use-upload-status';

interface TimelineCardProps {
  /** The resource whose timeline this is. */
  subject: Resource;
  item: TimelineItem;
  names: ReferenceNames;
  upload?: UploadView;
  /** How many messages answer this one, when it is a message thread. */
  replies?: number;
  onPin(resource: Resource): void;
}

/** Long words and addresses wrap inside the card instead of widening it past the screen. */
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * One card of the timeline: what happened, when, by whom; a resource's card has its menu. Drawn
 * again only when its own props change, so scrolling a long timeline draws only the cards it brings in.
 */
export const TimelineCard = memo(function TimelineCard({
  subject,
  item,
  names,
  upload,
  replies,
  onPin,
}: TimelineCardProps) {
  const pinned = item.kind === 'resource' && isPinned(item.resource);
  return (
    <Card
      withBorder
      padding="sm"
      style={pinned ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 } : undefined}
      aria-label={pinned ? 'Pinned timeline item' : 'Timeline item'}
      data-key={item.key}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {item.kind === 'version' ? (
            <VersionBody subject={subject} item={item} />
          ) : (
            <ResourceBody item={item} names={names} replies={replies} />
          )}
          {upload && <UploadProgress upload={upload} />}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {pinned && (
            <Badge color="orange" variant="filled" size="sm">
              Pinned
            </Badge>
          )}
          {item.kind === 'resource' && item.waiting && (
            <Badge color="yellow" variant="light" size="sm">
              Waiting to sync
            </Badge>
          )}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(item.order.time)}
          </Text>
          {item.kind === 'resource' && <CardMenu resource={item.resource} onPin={onPin} />}
        </Group>
      </Group>
    </Card>
  );
});

function VersionBody({
  subject,
  item,
}: {
  subject: Resource;
  item: Extract<TimelineItem, { kind: 'version' }>;
}) {
  const { version } = item;
  return (
    <Group gap="xs">
      <Badge variant="light">Version</Badge>
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link
            {...props}
            to="/$resourceType/$id/_history/$versionId"
            params={{
              resourceType: subject.resourceType,
              id: subject.id ?? '',
              versionId: version.versionId,
            }}
          />
        )}
      >
        {`Version ${version.versionId}`}
      </Anchor>
      {version.author && <Text size="sm">by {version.author}</Text>}
    </Group>
  );
}

function ResourceBody({
  item,
  names,
  replies,
}: {
  item: Extract<TimelineItem, { kind: 'resource' }>;
  names: ReferenceNames;
  replies: number | undefined;
}) {
  const { resource } = item;
  const nameOf = (reference: { reference?: string; display?: string } | undefined): string =>
    reference?.display ?? names.get(reference?.reference ?? '') ?? formatReference(reference);
  switch (resource.resourceType) {
    case 'Communication': {
      const comment = resource as Communication;
      // A thread's header says what it is about and how many messages answer it, not a blank comment.
      const thread = !!replies || (!!comment.topic && !comment.payload?.length);
      if (thread) return <ThreadBody thread={comment} replies={replies ?? 0} nameOf={nameOf} />;
      return (
        <>
          <Heading badge="Comment" color="teal" by={nameOf(comment.sender)} />
          <Text size="sm" style={WRAP}>
            {commentText(comment)}
          </Text>
        </>
      );
    }
    case 'Media': {
      const media = resource as Media;
      const title = media.content.title ?? media.content.contentType ?? 'Attachment';
      return (
        <>
          <Heading badge="Media" color="cyan" by={nameOf(media.operator)} />
          <Group gap="xs" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {media.content.url && !item.waiting ? (
              <MediaLink content={media.content}>{title}</MediaLink>
            ) : (
              <Text size="sm">{title}</Text>
            )}
            <Text size="xs" c="dimmed">
              {[media.content.contentType, media.status].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        </>
      );
    }
    case 'Task': {
      const task = resource as Task;
      return (
        <Group gap="xs" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Badge variant="light" color="grape">
            Task
          </Badge>
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to="/Task/$id/$tab" params={{ id: task.id ?? '', tab: 'details' }} />
            )}
          >
            {formatCodeableConcept(task.code) || `Task ${task.id ?? ''}`}
          </Anchor>
          <Text size="sm" c="dimmed">
            {task.status}
          </Text>
        </Group>
      );
    }
    case 'AuditEvent': {
      const event = resource as AuditEvent;
      return (
        <>
          <Heading badge="Audit" color="gray" by={nameOf(event.agent?.[0]?.who)} />
          <Text size="sm" style={WRAP}>
            {[formatCoding(event.type), event.outcomeDesc].filter(Boolean).join(': ') || event.action}
          </Text>
        </>
      );
    }
    default:
      return <Heading badge={resource.resourceType} color="gray" by="" />;
  }
}

/** A message thread: its topic, who takes part, and how many replies it has (a link to them). */
function ThreadBody({
  thread,
  replies,
  nameOf,
}: {
  thread: Communication;
  replies: number;
  nameOf: (reference: { reference?: string; display?: string } | undefined) => string;
}) {
  const topic = threadTopic(thread);
  const people = (thread.recipient ?? []).map(nameOf).filter(Boolean).join(', ');
  return (
    <>
      <Heading badge="Thread" color="teal" by={nameOf(thread.sender)} />
      <Text size="sm" fw={600} style={WRAP}>
        {topic || 'Message thread'}
      </Text>
      <Group gap="xs" style={{ minWidth: 0 }}>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link
              {...props}
              to="/$resourceType/$id/$tab"
              params={{ resourceType: 'Communication', id: thread.id ?? '', tab: 'timeline' }}
            />
          )}
        >
          {repliesText(replies)}
        </Anchor>
        {people && (
          <Text size="xs" c="dimmed" style={WRAP}>
            {`With ${people}`}
          </Text>
        )}
      </Group>
    </>
  );
}

function Heading({ badge, color, by }: { badge: string; color: string; by: string }): ReactNode {
  return (
    <Group gap="xs">
      <Badge variant="light" color={color}>
        {badge}
      </Badge>
      {by && (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {by}
        </Text>
      )}
    </Group>
  );
}

/** An upload's state: bytes sent of the file, then done; a failure shows in its notice. */
function UploadProgress({ upload }: { upload: UploadView }) {
  const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  const label = upload.error ? 'Upload interrupted' : upload.done ? 'Uploaded' : `Uploading ${percent}%`;
  const value = upload.done ? 100 : percent;
  return (
    <Stack gap={2}>
      {/* The track carries the progress bar's role, so it is there to see (and to read) from 0%. */}
      <Progress.Root
        size="sm"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
      >
        <Progress.Section value={value} color={upload.error ? 'red' : 'blue'} withAria={false} />
      </Progress.Root>
      <Text size="xs" c={upload.error ? 'red' : 'dimmed'}>
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Pin / Unpin (comments), Details, Edit, and Delete under 'Danger zone'. The menu is built on the
 * first press only: a long timeline would otherwise set up a floating menu for every card.
 */
function CardMenu({ resource, onPin }: { resource: Resource; onPin(resource: Resource): void }) {
  const [active, setActive] = useState(false);
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={44}
      aria-label="Actions"
      onClick={active ? undefined : () => setActive(true)}
    >
      ⋮
    </ActionIcon>
  );
  if (!active) return trigger;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened onClose={() => setActive(false)}>
      <Menu.Target>{trigger}</Menu.Target>
      <CardMenuItems resource={resource} onPin={onPin} />
    </Menu>
  );
}

function CardMenuItems({ resource, onPin }: { resource: Resource; onPin(resource: Resource): void }) {
  const navigate = useNavigate();
  // Edit and Delete come back to this timeline, not to the resource's page or its type's list.
  const here = useRouterState({ select: (state) => state.location.href });
  const params = { resourceType: resource.resourceType, id: resource.id ?? '' };
  return (
    <Menu.Dropdown>
      {canPin(resource) && (
        <Menu.Item onClick={() => onPin(resource)}>{isPinned(resource) ? 'Unpin' : 'Pin'}</Menu.Item>
      )}
      <Menu.Item onClick={() => void navigate({ to: '/$resourceType/$id', params })}>Details</Menu.Item>
      <Menu.Item
        onClick={() =>
          void navigate({
            href: withBack(`/${params.resourceType}/${encodeURIComponent(params.id)}/edit`, here),
          })
        }
      >
        Edit
      </Menu.Item>
      <Menu.Divider />
      <Menu.Label>Danger zone</Menu.Label>
      <Menu.Item
        color="red"
        onClick={() =>
          void navigate({
            href: withBack(`/${params.resourceType}/${encodeURIComponent(params.id)}/delete`, here),
          })
        }
      >
        Delete
      </Menu.Item>
    </Menu.Dropdown>
  );
}
