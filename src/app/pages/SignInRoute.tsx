import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { SignInPage } from '@/features/signin';
import { useServices } from '../services';

/** /signin: the sign-in card; on success the start page sends the user on to their tasks. */
export function SignInRoute() {
  const { client, config } = useServices();
  const navigate = useNavigate();
  return (
    <SignInPage
      signIn={client.signIn}
      googleSignIn={config.googleSignIn && !!config.googleClientId}
      onGoogleSignIn={() =>
        notifications.show({ color: 'red', title: 'Error', message: 'Google sign-in is not available yet' })
      }
      onForgotPassword={() =>
        notifications.show({
          title: 'Forgot password',
          message: 'Ask your administrator to reset your password.',
        })
      }
      onSuccess={() => void navigate({ to: '/' })}
    />
  );
}
