import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateEmail } from './EmailForm';
import { TOUCH_TARGET, touchInputStyles } from './touch';

export interface NewUserValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  remember: boolean;
}

export const NEW_USER_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
export const MIN_PASSWORD_LENGTH = 8;

interface NewUserFormProps {
  busy: boolean;
  /** The server's words for each field, from its last refusal. */
  serverErrors: Record<string, string>;
  onSubmit: (values: NewUserValues) => void;
  onSignIn: () => void;
}

export function validatePassword(value: string): string | null {
  if (!value) {
    return 'Password is required';
  }
  return value.length < MIN_PASSWORD_LENGTH
    ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
    : null;
}

/** Registration: who the new user is and the password they will sign in with. */
export function NewUserForm({ busy, serverErrors, onSubmit, onSignIn }: NewUserFormProps) {
  const form = useForm<NewUserValues>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', remember: false },
    validate: {
      firstName: (value) => (value.trim() ? null : 'First name is required'),
      lastName: (value) => (value.trim() ? null : 'Last name is required'),
      email: validateEmail,
      password: validatePassword,
    },
  });
  const fieldProps = (name: (typeof NEW_USER_FIELDS)[number]) => {
    const props = form.getInputProps(name);
    return { ...props, error: props.error ?? serverErrors[name] };
  };
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSubmit({
          ...values,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
        })
      )}
    >
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label="First name"
            name="firstName"
            autoComplete="given-name"
            withAsterisk
            autoFocus
            styles={touchInputStyles}
            {...fieldProps('firstName')}
          />
          <TextInput
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            withAsterisk
            styles={touchInputStyles}
            {...fieldProps('lastName')}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          withAsterisk
          styles={touchInputStyles}
          {...fieldProps('email')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          withAsterisk
          styles={touchInputStyles}
          {...fieldProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label="Remember me"
            styles={{ body: { ...TOUCH_TARGET, alignItems: 'center' } }}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Create account
          </Button>
        </Group>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component="button" type="button" onClick={onSignIn} style={TOUCH_TARGET}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
