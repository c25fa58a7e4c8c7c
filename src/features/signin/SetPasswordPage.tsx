import { Alert, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '@/ui';
import type { SignInApi } from './types';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';
import { PASSWORD_RULE, validatePassword } from './NewUserForm';
import { fieldErrors } from './outcome-errors';
import { PasswordField, SubmitRow, TouchLink } from './FormParts';

interface SetPasswordPageProps {
  signIn: SignInApi;
  /** The request id and secret of the e-mailed link. */
  id: string;
  secret: string;
  onSignIn: () => void;
  /** Asks for a fresh link, when this one is used up, expired or unknown. */
  onResetPassword: () => void;
}

/** The page an e-mailed set-password link opens (a password reset or an invitation). */
export function SetPasswordPage({ signIn, id, secret, onSignIn, onResetPassword }: SetPasswordPageProps) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: validatePassword,
      confirmPassword: (value, values) => (value === values.password ? null : 'Passwords do not match'),
    },
  });
  const serverError = fieldErrors(error, ['password']).password;
  // The server refused the link itself (used, expired, wrong or unknown): only a new link helps.
  const linkRefused = error instanceof ApiError && !serverError;

  return (
    <AuthCard heading="Set password">
      {error !== undefined && !serverError && <ErrorAlert error={error} />}
      {done && (
        <Alert color="green" variant="light" role="status">
          Password set. You can now sign in with your new password.
        </Alert>
      )}
      {linkRefused && (
        <Text size="sm" ta="center">
          <TouchLink onClick={onResetPassword}>Request a new link</TouchLink>
        </Text>
      )}
      {!done && !linkRefused && (
        <form
          noValidate
          onSubmit={form.onSubmit(({ password }) => {
            setBusy(true);
            setError(undefined);
            signIn
              .setPassword(id, secret, password)
              .then(() => setDone(true), setError)
              .finally(() => setBusy(false));
          })}
        >
          <Stack gap="md">
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              description={PASSWORD_RULE}
              autoFocus
              {...form.getInputProps('password')}
              error={form.getInputProps('password').error ?? serverError}
            />
            <PasswordField
              label="Confirm new password"
              name="confirmPassword"
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <SubmitRow busy={busy} label="Set password" />
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <TouchLink onClick={onSignIn}>{done ? 'Sign in' : 'Back to sign in'}</TouchLink>
      </Text>
    </AuthCard>
  );
}
