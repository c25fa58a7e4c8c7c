import { Button, Stack, Textarea } from '@mantine/core';
import { memo, useState } from 'react';
import { TOUCH_HEIGHT, TOUCH_INPUT_STYLES } from '../constants';

/** A note's text and 'Add Note'; empty text adds nothing. */
export const AddNoteForm = memo(function AddNoteForm({
  onAdd,
}: {
  onAdd: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        void onAdd(text).then((added) => added && setText(''));
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Note"
          placeholder="Add a note"
          rows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          styles={TOUCH_INPUT_STYLES}
        />
        <Button type="submit" mih={TOUCH_HEIGHT} disabled={!text.trim()} variant="light">
          Add Note
        </Button>
      </Stack>
    </form>
  );
});
