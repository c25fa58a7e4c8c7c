import { Button, Group, Textarea } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { createChange, outcomeText, useProfile, useSave } from '@/ui';
import { DraftNotice, LeaveGuard, useDraft, type Draft } from '@/ui/drafts';
import { newComment } from './timeline-rules';

/**
 * The comment box: a Communication about the resource, sent by the signed-in profile, through the
 * outbox. The text not yet sent is a draft on this device, removed once the comment is queued.
 */
export function CommentBox({ resource }: { resource: Resource }) {
  const draft = useDraft<string>(`comment:${resource.resourceType}/${resource.id ?? ''}`);
  if (!draft.ready) return null;
  return <CommentText key={draft.round} resource={resource} draft={draft} />;
}

function CommentText({ resource, draft }: { resource: Resource; draft: Draft<string> }) {
  const { reference } = useProfile();
  const { save, submitting, outcome } = useSave();
  const [text, setText] = useState(draft.restored ?? '');
  const trimmed = text.trim();
  async function submit(): Promise<void> {
    if (!trimmed) return;
    const comment = newComment(resource, { reference }, trimmed, new Date().toISOString());
    // A refused comment keeps its text, and its draft.
    if (!(await save({ change: createChange(comment, 'Add Comment') })).ok) return;
    await draft.remove();
    setText('');
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
            draft.keep(event.currentTarget.value);
          }}
          error={outcome ? outcomeText(outcome) : undefined}
        />
        <Button type="submit" mih={44} disabled={!trimmed} loading={submitting}>
          Comment
        </Button>
      </Group>
    </form>
  );
}
