import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateEmail } from './EmailForm';
import { EmailInput, PasswordField, RememberMe, SubmitRow, TouchLink } from './FormParts';
import { touchInputStyles } from './touch';

export interface NewUserValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  remember: boolean;
}

export const NEW_USER_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters`;

const NAME_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

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
          {NAME_FIELDS.map((field, index) => (
            <TextInput
              key={field.name}
              label={field.label}
              name={field.name}
              autoComplete={field.autoComplete}
              withAsterisk
              autoFocus={index === 0}
              styles={touchInputStyles}
              {...fieldProps(field.name)}
            />
          ))}
        </Group>
        <EmailInput autoComplete="email" {...fieldProps('email')} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          description={PASSWORD_RULE}
          {...fieldProps('password')}
        />
        <SubmitRow
          busy={busy}
          label="Create account"
          before={<RememberMe {...form.getInputProps('remember', { type: 'checkbox' })} />}
        />
        <Text size="sm" ta="center">
          Already have an account? <TouchLink onClick={onSignIn}>Sign in</TouchLink>
        </Text>
      </Stack>
    </form>
  );
}
