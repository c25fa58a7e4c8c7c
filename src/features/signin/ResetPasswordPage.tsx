import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { SignInApi } from './types';
import { AuthCard } from './AuthCard';
import { validateEmail } from './EmailForm';
import { ErrorAlert } from './ErrorAlert';
import { fieldErrors } from './outcome-errors';
import { EmailInput, TouchLink } from './FormParts';
import { TOUCH_TARGET } from './touch';

export const RESET_SENT_MESSAGE = 'If the account exists on our system, a password reset email will be sent.';

interface ResetPasswordPageProps {
  signIn: SignInApi;
  onSignIn: () => void;
}

/** Forgot password: the server e-mails a set-password link; the page never says whether the account exists. */
export function ResetPasswordPage({ signIn, onSignIn }: ResetPasswordPageProps) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>();
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail } });
  const serverError = fieldErrors(error, ['email']).email;

  return (
    <AuthCard heading="Reset your password">
      {error !== undefined && !serverError && <ErrorAlert error={error} />}
      {sent ? (
        <Alert color="green" variant="light" role="status">
          {RESET_SENT_MESSAGE}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ email }) => {
            setBusy(true);
            setError(undefined);
            signIn
              .resetPassword(email.trim())
              .then(() => setSent(true), setError)
              .finally(() => setBusy(false));
          })}
        >
          <Stack gap="md">
            <Text size="sm">
              Enter the email you sign in with. We will send you a link to choose a new password.
            </Text>
            <EmailInput
              autoFocus
              {...form.getInputProps('email')}
              error={form.getInputProps('email').error ?? serverError}
            />
            <Button type="submit" loading={busy} style={TOUCH_TARGET} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <TouchLink onClick={onSignIn}>Back to sign in</TouchLink>
      </Text>
    </AuthCard>
  );
}
