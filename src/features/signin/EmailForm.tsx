import { Divider, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { EmailInput, SubmitRow, TouchLink } from './FormParts';

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
      <TouchLink onClick={onRegister}>Register</TouchLink>
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
        <EmailInput autoFocus {...form.getInputProps('email')} />
        <SubmitRow busy={busy} label="Next" before={register} />
      </Stack>
    </form>
  );
}
