import { Card, Group, Stack, Text } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { formatDate } from '@/ui';
import { noteAuthor, notesNewestFirst } from './notes';

/** The task's notes, newest first, with author and date. */
export function TaskNotesTab({ task }: { task: Task }) {
  const notes = notesNewestFirst(task.note);
  if (notes.length === 0) return <Text c="dimmed">No Notes</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notes">
      {notes.map((note, index) => (
        <Card key={`${note.time ?? ''}-${index}`} withBorder padding="sm" component="li">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" fw={600}>
              {noteAuthor(note)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(note.time)}
            </Text>
          </Group>
          {/* A long unbroken word (an address, a code) wraps instead of widening the page. */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
