import { Button, Stack, Textarea } from '@mantine/core';
import { memo, useState } from 'react';
import { DraftNotice, LeaveGuard, useDraft, type Draft } from '@/ui/drafts';
import { TOUCH_HEIGHT, TOUCH_INPUT_STYLES } from '../constants';

/**
 * A note's text and 'Add Note'; empty text adds nothing. The text not yet added is a draft on this
 * device under `form` ('note:Task/abc'): restored when the task opens again, removed once added.
 */
export const AddNoteForm = memo(function AddNoteForm({
  form,
  onAdd,
}: {
  form: string;
  onAdd: (text: string) => Promise<boolean>;
}) {
  const draft = useDraft<string>(form);
  if (!draft.ready) return null;
  return <NoteText key={draft.round} draft={draft} onAdd={onAdd} />;
});

function NoteText({ draft, onAdd }: { draft: Draft<string>; onAdd: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState(draft.restored ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        void onAdd(text).then(async (added) => {
          if (!added) return;
          await draft.remove();
          setText('');
        });
      }}
    >
      <Stack gap="xs">
        {/* The note box stays beside every tab of the task: only leaving the task asks. */}
        <LeaveGuard unsaved={draft.isUnsaved} onEveryPageOfResource />
        <DraftNotice draft={draft} />
        <Textarea
          label="Note"
          placeholder="Add a note"
          rows={2}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            draft.keep(event.currentTarget.value);
          }}
          styles={TOUCH_INPUT_STYLES}
        />
        <Button type="submit" mih={TOUCH_HEIGHT} disabled={!text.trim()} variant="light">
          Add Note
        </Button>
      </Stack>
    </form>
  );
}
