import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TOUCH_TARGET, touchInputStyles } from './touch';

interface MfaFormProps {
  busy: boolean;
  onSubmit: (token: string) => void;
}

/** The one-time code of a user with MFA. */
export function MfaForm({ busy, onSubmit }: MfaFormProps) {
  const form = useForm({
    initialValues: { token: '' },
    validate: { token: (value) => (value.trim() ? null : 'MFA code is required') },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.token.trim()))}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Enter MFA code
        </Title>
        <TextInput
          label="MFA code"
          name="token"
          inputMode="numeric"
          autoComplete="one-time-code"
          withAsterisk
          autoFocus
          styles={touchInputStyles}
          {...form.getInputProps('token')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Submit code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
