import { Button, Group, Text, Textarea } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { createChange, noticeIfKept, outcomeText, useProfile, useSave, type AppliedChange } from '@/ui';
import { DraftNotice, LeaveGuard, useDraft, type Draft } from '@/ui/drafts';
import { newComment } from './timeline-rules';

interface CommentBoxProps {
  resource: Resource;
  /** A comment was added (the server has it, or this device keeps it to send): its card is shown. */
  onAdded?: (change: AppliedChange) => void;
}

/**
 * The comment box: a Communication about the resource, sent by the signed-in profile, through the
 * outbox. The text not yet sent is a draft on this device, removed once the comment is queued.
 */
export function CommentBox({ resource, onAdded }: CommentBoxProps) {
  const draft = useDraft<string>(`comment:${resource.resourceType}/${resource.id ?? ''}`);
  if (!draft.ready) return null;
  return <CommentText key={draft.round} resource={resource} draft={draft} onAdded={onAdded} />;
}

function CommentText({ resource, draft, onAdded }: CommentBoxProps & { draft: Draft<string> }) {
  const { reference } = useProfile();
  const { save, submitting, outcome } = useSave();
  const [text, setText] = useState(draft.restored ?? '');
  const [sent, setSent] = useState(false);
  const trimmed = text.trim();
  async function submit(): Promise<void> {
    if (!trimmed) return;
    setSent(false);
    const comment = newComment(resource, { reference }, trimmed, new Date().toISOString());
    // A refused comment keeps its text, and its draft.
    const result = await save({ change: createChange(comment, 'Add Comment') });
    if (!result.ok) return;
    await draft.remove();
    setText('');
    // 'Comment sent' only once the server has it; one kept on this device says so instead.
    setSent(result.delivery === 'sent');
    noticeIfKept(result, 'Add Comment');
    if (result.applied) onAdded?.(result.applied);
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <LeaveGuard unsaved={draft.isUnsaved} />
      <DraftNotice draft={draft} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          flex={1}
          label="Comment"
          placeholder="Add a comment"
          rows={2}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setSent(false);
            draft.keep(event.currentTarget.value);
          }}
          error={outcome ? outcomeText(outcome) : undefined}
        />
        <Button type="submit" mih={44} disabled={!trimmed} loading={submitting}>
          Comment
        </Button>
      </Group>
      <Text size="sm" c="green.8" role="status" aria-live="polite">
        {sent ? 'Comment sent' : ''}
      </Text>
    </form>
  );
}
