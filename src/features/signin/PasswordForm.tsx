import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TOUCH_TARGET, touchInputStyles } from './touch';

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
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail} style={TOUCH_TARGET}>
            Change
          </Anchor>
        </Group>
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          withAsterisk
          autoFocus
          styles={touchInputStyles}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label="Remember me"
            styles={{ body: { ...TOUCH_TARGET, alignItems: 'center' } }}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword} style={TOUCH_TARGET}>
            Forgot password
          </Anchor>
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
