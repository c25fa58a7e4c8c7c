import { Button, Group, Textarea } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { outcomeText, useProfile } from '@/ui';
import { useResourceWrites } from '../common/use-resource-writes';
import { newComment } from './timeline-rules';

/** The comment box: a Communication about the resource, sent by the signed-in profile, through the outbox. */
export function CommentBox({ resource }: { resource: Resource }) {
  const { reference } = useProfile();
  const writes = useResourceWrites();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  async function submit(): Promise<void> {
    if (!trimmed) return;
    const comment = newComment(resource, { reference }, trimmed, new Date().toISOString());
    const applied = await writes.apply({
      resourceType: 'Communication',
      kind: 'create',
      resource: comment,
      commutes: false,
      label: 'Add Comment',
    });
    if (applied) setText('');
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
          error={writes.outcome ? outcomeText(writes.outcome) : undefined}
        />
        <Button type="submit" mih={44} disabled={!trimmed} loading={writes.submitting}>
          Comment
        </Button>
      </Group>
    </form>
  );
}
