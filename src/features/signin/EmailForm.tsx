import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TOUCH_TARGET, touchInputStyles } from './touch';

interface EmailFormProps {
  initialEmail: string;
  busy: boolean;
  googleSignIn: boolean;
  onSubmit: (email: string) => void;
  onGoogleSignIn?: () => void;
  onRegister?: () => void;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  if (!value.trim()) {
    return 'Email is required';
  }
  return EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid email address';
}

/** Step 1: who is signing in. */
export function EmailForm({
  initialEmail,
  busy,
  googleSignIn,
  onSubmit,
  onGoogleSignIn,
  onRegister,
}: EmailFormProps) {
  const form = useForm({ initialValues: { email: initialEmail }, validate: { email: validateEmail } });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.email.trim()))}>
      <Stack gap="md">
        {googleSignIn && (
          <>
            <Button variant="default" style={TOUCH_TARGET} onClick={onGoogleSignIn} disabled={busy}>
              Sign in with Google
            </Button>
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
        <Group justify={onRegister ? 'space-between' : 'flex-end'} wrap="nowrap">
          {onRegister && (
            <Text size="sm">
              <Anchor component="button" type="button" onClick={onRegister} style={TOUCH_TARGET}>
                Register
              </Anchor>
            </Text>
          )}
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Next
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
