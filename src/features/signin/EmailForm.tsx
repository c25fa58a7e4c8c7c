import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { TOUCH_TARGET, touchInputStyles } from './touch';

interface EmailFormProps {
  initialEmail: string;
  busy: boolean;
  /** Show the e-mail field; off leaves the social sign-in alone. */
  emailSignIn: boolean;
  /** The social sign-in button, when one is configured. */
  socialSignIn?: ReactNode;
  onSubmit: (email: string) => void;
  onRegister?: () => void;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  if (!value.trim()) {
    return 'Email is required';
  }
  return EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid email address';
}

/** Step 1: who is signing in (or the social sign-in button), and the way to register. */
export function EmailForm({
  initialEmail,
  busy,
  emailSignIn,
  socialSignIn,
  onSubmit,
  onRegister,
}: EmailFormProps) {
  const form = useForm({ initialValues: { email: initialEmail }, validate: { email: validateEmail } });
  const register = onRegister && (
    <Text size="sm">
      <Anchor component="button" type="button" onClick={onRegister} style={TOUCH_TARGET}>
        Register
      </Anchor>
    </Text>
  );
  if (!emailSignIn) {
    return (
      <Stack gap="md">
        {socialSignIn}
        {register && <Group justify="center">{register}</Group>}
      </Stack>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.email.trim()))}>
      <Stack gap="md">
        {socialSignIn && (
          <>
            {socialSignIn}
            <Divider label="or" labelPosition="center" />
          </>
        )}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          withAsterisk
          autoFocus
          styles={touchInputStyles}
          {...form.getInputProps('email')}
        />
        <Group justify={register ? 'space-between' : 'flex-end'} wrap="nowrap">
          {register}
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Next
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
