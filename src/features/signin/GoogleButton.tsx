import { Button } from '@mantine/core';
import { useState } from 'react';
import { requestGoogleCredential, type GoogleCredentialSource } from './google-identity';
import { TOUCH_TARGET } from './touch';

export interface GoogleSignInOptions {
  /** The Google client id the server accepts credentials for. */
  clientId: string;
  /** Where the credential comes from: Google's own sign-in by default; tests hand one in. */
  getCredential?: GoogleCredentialSource;
}

interface GoogleButtonProps {
  google: GoogleSignInOptions;
  busy: boolean;
  onCredential: (credential: string) => void;
  onError: (error: unknown) => void;
}

/** 'Sign in with Google': gets a credential from Google and hands it on for the server to check. */
export function GoogleButton({ google, busy, onCredential, onError }: GoogleButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <Button
      variant="default"
      style={TOUCH_TARGET}
      loading={asking}
      disabled={busy}
      onClick={() => {
        setAsking(true);
        (google.getCredential ?? requestGoogleCredential)(google.clientId)
          .then(onCredential, onError)
          .finally(() => setAsking(false));
      }}
    >
      Sign in with Google
    </Button>
  );
}
