import { Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordField, RememberMe, SubmitRow, TouchLink } from './FormParts';

interface PasswordFormProps {
  email: string;
  busy: boolean;
  onSubmit: (values: { password: string; remember: boolean }) => void;
  onChangeEmail: () => void;
  onForgotPassword: () => void;
}

/** Step 2: the password for the email of step 1. */
export function PasswordForm({ email, busy, onSubmit, onChangeEmail, onForgotPassword }: PasswordFormProps) {
  const form = useForm({
    initialValues: { password: '', remember: false },
    validate: { password: (value) => (value ? null : 'Password is required') },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {email}
          </Text>
          <TouchLink size="sm" onClick={onChangeEmail}>
            Change
          </TouchLink>
        </Group>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          autoFocus
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <RememberMe {...form.getInputProps('remember', { type: 'checkbox' })} />
          <TouchLink size="sm" onClick={onForgotPassword}>
            Forgot password
          </TouchLink>
        </Group>
        <SubmitRow busy={busy} label="Sign in" />
      </Stack>
    </form>
  );
}
