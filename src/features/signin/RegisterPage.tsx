import { Divider } from '@mantine/core';
import { DEFAULT_SCOPE, type SignInApi } from '@/ui';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';
import { GoogleButton, type GoogleSignInOptions } from './GoogleButton';
import { NEW_USER_FIELDS, NewUserForm } from './NewUserForm';
import { fieldErrors, onlyFieldErrors } from './outcome-errors';
import { ServerSteps } from './ServerSteps';
import { useSignInSteps } from './use-sign-in-steps';

export interface RegisterPageProps {
  signIn: SignInApi;
  /** Called once the new user's session is loaded. */
  onSuccess: () => void;
  onSignIn: () => void;
  /** Offer registering with a Google account. */
  google?: GoogleSignInOptions;
  scope?: string;
  chooseScopes?: boolean;
}

/**
 * Register, as Medplum's register flow does: a new user (auth/newuser), then their own new project
 * (auth/newproject) in which they are the admin, then signed in.
 */
export function RegisterPage(props: RegisterPageProps) {
  const { signIn, onSuccess, scope = DEFAULT_SCOPE, chooseScopes = false } = props;
  const flow = useSignInSteps({ signIn, onSuccess, chooseScopes, initial: { kind: 'new-user' } });
  const { step, busy, error, setError, run, follow, signInWithGoogle } = flow;
  const google = props.google;

  return (
    <AuthCard heading="Create a CareQueue account">
      {error !== undefined && !(step.kind === 'new-user' && onlyFieldErrors(error, NEW_USER_FIELDS)) && (
        <ErrorAlert error={error} />
      )}
      {step.kind === 'new-user' ? (
        <>
          {google && (
            <>
              <GoogleButton
                google={google}
                busy={busy}
                onError={setError}
                onCredential={(credential) =>
                  signInWithGoogle(google.clientId, credential, { scope, createUser: true })
                }
              />
              <Divider label="or" labelPosition="center" />
            </>
          )}
          <NewUserForm
            busy={busy}
            serverErrors={fieldErrors(error, NEW_USER_FIELDS)}
            onSignIn={props.onSignIn}
            onSubmit={(values) =>
              void run(async () => follow(await signIn.newUser({ ...values, projectId: 'new', scope })))
            }
          />
        </>
      ) : (
        <ServerSteps flow={flow} signIn={signIn} scope={scope} />
      )}
    </AuthCard>
  );
}
