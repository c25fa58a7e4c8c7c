import { Container, Paper, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DEFAULT_SCOPE, type LoginAuthenticationResponse, type SignInApi } from '@/ui';
import { ChooseProfileForm } from './ChooseProfileForm';
import { ChooseScopeForm } from './ChooseScopeForm';
import { EmailForm } from './EmailForm';
import { ErrorAlert } from './ErrorAlert';
import { MfaForm } from './MfaForm';
import { NewProjectForm } from './NewProjectForm';
import { PasswordForm } from './PasswordForm';
import { nextStep, type SignInStep } from './steps';

/** Sign-in page sizes. */
export const SIGN_IN_CARD_WIDTH = 450;
export const SIGN_IN_CONTAINER_WIDTH = 500;

export interface SignInPageProps {
  signIn: SignInApi;
  /** Called once the code is exchanged and the session is loaded. */
  onSuccess: () => void;
  heading?: ReactNode;
  googleSignIn?: boolean;
  onGoogleSignIn?: () => void;
  /** Ask for these scopes (space-separated). */
  scope?: string;
  /** Offer a checkbox per scope before finishing. */
  chooseScopes?: boolean;
  /** 'new' adds a project-creation step. */
  projectId?: string;
  onForgotPassword: () => void;
  onRegister?: () => void;
  /** Leaves the page for an external identity provider. */
  redirect?: (url: string) => void;
}

/** The sign-in card: email, password, then the steps the server asks for. */
export function SignInPage(props: SignInPageProps) {
  const { signIn, onSuccess, scope = DEFAULT_SCOPE, chooseScopes = false } = props;
  const [step, setStep] = useState<SignInStep>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  /** Runs one step: shows the server's words when it fails, moves on when it succeeds. */
  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function follow(answer: LoginAuthenticationResponse, scopeChosen = false): Promise<void> {
    const next = nextStep(answer, { chooseScopes }, scopeChosen);
    if (next.kind !== 'exchange') {
      setStep(next);
      return;
    }
    await signIn.complete(next.code);
    onSuccess();
  }

  function submitEmail(value: string): Promise<void> {
    return run(async () => {
      setEmail(value);
      const method = await signIn.method(value);
      if (method.authorizeUrl) {
        (props.redirect ?? ((url: string) => window.location.assign(url)))(method.authorizeUrl);
        return;
      }
      setStep({ kind: 'password', email: value });
    });
  }

  function body(): ReactNode {
    switch (step.kind) {
      case 'email':
        return (
          <EmailForm
            initialEmail={email}
            busy={busy}
            googleSignIn={!!props.googleSignIn}
            onGoogleSignIn={props.onGoogleSignIn}
            onRegister={props.onRegister}
            onSubmit={(value) => void submitEmail(value)}
          />
        );
      case 'password':
        return (
          <PasswordForm
            email={step.email}
            busy={busy}
            onChangeEmail={() => {
              setError(undefined);
              setStep({ kind: 'email' });
            }}
            onForgotPassword={props.onForgotPassword}
            onSubmit={({ password, remember }) =>
              void run(async () =>
                follow(
                  await signIn.login({
                    email: step.email,
                    password,
                    remember,
                    scope,
                    projectId: props.projectId,
                  })
                )
              )
            }
          />
        );
      case 'mfa':
        return (
          <MfaForm
            busy={busy}
            onSubmit={(token) => void run(async () => follow(await signIn.verifyMfa(step.login, token)))}
          />
        );
      case 'profile':
        return (
          <ChooseProfileForm
            memberships={step.memberships}
            busy={busy}
            onChoose={(id) => void run(async () => follow(await signIn.chooseProfile(step.login, id)))}
          />
        );
      case 'new-project':
        return (
          <NewProjectForm
            busy={busy}
            onSubmit={(name) => void run(async () => follow(await signIn.newProject(step.login, name)))}
          />
        );
      case 'scope':
        return (
          <ChooseScopeForm
            scope={scope}
            busy={busy}
            onSubmit={(chosen) =>
              void run(async () => {
                const answer = await signIn.chooseScope(step.login, chosen);
                await follow({ ...answer, code: answer.code ?? step.code }, true);
              })
            }
          />
        );
      case 'exchange':
        return null;
    }
  }

  return (
    <Container size={SIGN_IN_CONTAINER_WIDTH} w="100%" py="xl">
      <Paper withBorder shadow="sm" radius="md" p="lg" maw={SIGN_IN_CARD_WIDTH} mx="auto">
        <Stack gap="md">
          <Title order={1} ta="center">
            {props.heading ?? 'Sign in to CareQueue'}
          </Title>
          {error !== undefined && (
            <ErrorAlert error={error} title={step.kind === 'mfa' ? 'Error' : undefined} />
          )}
          {body()}
        </Stack>
      </Paper>
    </Container>
  );
}
