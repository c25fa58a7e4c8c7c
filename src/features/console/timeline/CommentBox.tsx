import { Button, Group, Textarea } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { createChange, outcomeText, useProfile, useSave } from '@/ui';
import { newComment } from './timeline-rules';

/** The comment box: a Communication about the resource, sent by the signed-in profile, through the outbox. */
export function CommentBox({ resource }: { resource: Resource }) {
  const { reference } = useProfile();
  const { save, submitting, outcome } = useSave();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  async function submit(): Promise<void> {
    if (!trimmed) return;
    const comment = newComment(resource, { reference }, trimmed, new Date().toISOString());
    if ((await save({ change: createChange(comment, 'Add Comment') })).ok) setText('');
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          flex={1}
          label="Comment"
          placeholder="Add a comment"
          rows={2}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={outcome ? outcomeText(outcome) : undefined}
        />
        <Button type="submit" mih={44} disabled={!trimmed} loading={submitting}>
          Comment
        </Button>
      </Group>
    </form>
  );
}
