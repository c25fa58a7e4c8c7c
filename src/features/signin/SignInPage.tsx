import { useState, type ReactNode } from 'react';
import { DEFAULT_SCOPE, type SignInApi } from '@/ui';
import { AuthCard } from './AuthCard';
import { EmailForm } from './EmailForm';
import { ErrorAlert } from './ErrorAlert';
import { GoogleButton, type GoogleSignInOptions } from './GoogleButton';
import { PasswordForm } from './PasswordForm';
import { ServerSteps } from './ServerSteps';
import { useSignInSteps } from './use-sign-in-steps';

export { SIGN_IN_CARD_WIDTH, SIGN_IN_CONTAINER_WIDTH } from './AuthCard';

export interface SignInPageProps {
  signIn: SignInApi;
  /** Called once the code is exchanged and the session is loaded. */
  onSuccess: () => void;
  heading?: ReactNode;
  /** Offer 'Sign in with Google' for this Google client; none hides the button. */
  google?: GoogleSignInOptions;
  /** Offer e-mail and password sign-in (default true). */
  emailSignIn?: boolean;
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
  const { signIn, onSuccess, scope = DEFAULT_SCOPE, chooseScopes = false, emailSignIn = true } = props;
  const flow = useSignInSteps({ signIn, onSuccess, chooseScopes, initial: { kind: 'email' } });
  const { step, setStep, busy, error, setError, run, follow, signInWithGoogle } = flow;
  const [email, setEmail] = useState('');

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

  const google = props.google;
  const googleButton = google && (
    <GoogleButton
      google={google}
      busy={busy}
      onError={setError}
      onCredential={(credential) =>
        signInWithGoogle(google.clientId, credential, { scope, projectId: props.projectId })
      }
    />
  );

  function body(): ReactNode {
    switch (step.kind) {
      case 'email':
        return (
          <EmailForm
            initialEmail={email}
            busy={busy}
            emailSignIn={emailSignIn}
            socialSignIn={googleButton}
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
      default:
        return <ServerSteps flow={flow} signIn={signIn} scope={scope} />;
    }
  }

  return (
    <AuthCard heading={props.heading ?? 'Sign in to CareQueue'}>
      {error !== undefined && <ErrorAlert error={error} title={step.kind === 'mfa' ? 'Error' : undefined} />}
      {body()}
    </AuthCard>
  );
}
