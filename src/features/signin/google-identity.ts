/** Google Identity Services: the script that shows Google's account chooser and hands back an ID token. */
const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      prompt(
        listener?: (notification: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void
      ): void;
    };
  };
}

let loading: Promise<GoogleIdentity> | undefined;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) {
        resolve(google);
      } else {
        reject(new Error('Google sign-in did not load'));
      }
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google sign-in did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Asks Google for the user's ID token (a credential) for this Google client id. The server checks
 * it; the app never reads it.
 */
export async function requestGoogleCredential(googleClientId: string): Promise<string> {
  const google = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    google.accounts.id.initialize({
      client_id: googleClientId,
      callback: (response) =>
        response.credential ? resolve(response.credential) : reject(new Error('Google sign-in failed')),
    });
    google.accounts.id.prompt((notification) => {
      if (notification.isNotDisplayed() || notification.isSkippedMoment()) {
        reject(new Error('Google sign-in was closed'));
      }
    });
  });
}

export type GoogleCredentialSource = (googleClientId: string) => Promise<string>;
