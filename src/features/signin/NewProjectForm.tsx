import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TOUCH_TARGET, touchInputStyles } from './touch';

interface NewProjectFormProps {
  busy: boolean;
  onSubmit: (projectName: string) => void;
}

/** Shown when the server waits for a project (a new user, or a sign-in with projectId 'new'). */
export function NewProjectForm({ busy, onSubmit }: NewProjectFormProps) {
  const form = useForm({
    initialValues: { projectName: '' },
    validate: { projectName: (value) => (value.trim() ? null : 'Project name is required') },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.projectName.trim()))}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Create project
        </Title>
        <TextInput
          label="Project name"
          name="projectName"
          withAsterisk
          autoFocus
          styles={touchInputStyles}
          {...form.getInputProps('projectName')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Create project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
