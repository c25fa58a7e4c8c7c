import { Navigate, useNavigate } from '@tanstack/react-router';
import { RegisterPage, ResetPasswordPage, SetPasswordPage } from '@/features/signin';
import { useServices } from '@/app/services';
import { googleOptions } from './SignInRoute';

/** /register: a new user with their own new project; off (back to /signin) when the config says so. */
export function RegisterRoute() {
  const { client, config } = useServices();
  const navigate = useNavigate();
  if (!config.register) {
    return <Navigate to="/signin" replace />;
  }
  return (
    <RegisterPage
      signIn={client.signIn}
      google={googleOptions(config)}
      chooseScopes={config.chooseScopes}
      onSignIn={() => void navigate({ to: '/signin' })}
      onSuccess={() => void navigate({ to: '/' })}
    />
  );
}

/** /resetpassword: Forgot password. */
export function ResetPasswordRoute() {
  const { client } = useServices();
  const navigate = useNavigate();
  return <ResetPasswordPage signIn={client.signIn} onSignIn={() => void navigate({ to: '/signin' })} />;
}

/** /setpassword/{id}/{secret}: where a password-reset or invitation e-mail's link leads. */
export function SetPasswordRoute({ id, secret }: { id: string; secret: string }) {
  const { client } = useServices();
  const navigate = useNavigate();
  return (
    <SetPasswordPage
      signIn={client.signIn}
      id={id}
      secret={secret}
      onSignIn={() => void navigate({ to: '/signin' })}
      onResetPassword={() => void navigate({ to: '/resetpassword' })}
    />
  );
}
