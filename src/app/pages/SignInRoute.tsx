import { useNavigate } from '@tanstack/react-router';
import { SignInPage, type GoogleSignInOptions } from '@/features/signin';
import type { RuntimeConfig } from '@/sync';
import { useServices } from '@/app/services';

/** Google sign-in is offered only when the config switches it on and names the Google client. */
export function googleOptions(config: RuntimeConfig): GoogleSignInOptions | undefined {
  return config.googleSignIn && config.googleClientId ? { clientId: config.googleClientId } : undefined;
}

/**
 * /signin: the sign-in card; on success the start page sends the user on to their tasks.
 * `?project=new` (or the createProject switch) ends the sign-in by creating a project.
 */
export function SignInRoute({ project }: { project?: string }) {
  const { client, config } = useServices();
  const navigate = useNavigate();
  const projectId = project === 'new' || config.createProject ? 'new' : undefined;
  return (
    <SignInPage
      signIn={client.signIn}
      google={googleOptions(config)}
      emailSignIn={config.emailSignIn}
      chooseScopes={config.chooseScopes}
      projectId={projectId}
      onForgotPassword={() => void navigate({ to: '/resetpassword' })}
      onRegister={config.register ? () => void navigate({ to: '/register' }) : undefined}
      onSuccess={() => void navigate({ to: '/' })}
    />
  );
}
