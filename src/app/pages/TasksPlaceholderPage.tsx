import { Stack, Text, Title } from '@mantine/core';
import { profileName } from '../profileName';
import { useSession } from '../services';

/** /Task until the task screens arrive. */
export function TasksPlaceholderPage() {
  const session = useSession();
  return (
    <Stack gap="sm">
      <Title order={1}>All Tasks</Title>
      <Text>Signed in as {profileName(session)}</Text>
    </Stack>
  );
}
