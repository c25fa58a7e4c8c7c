import { useState } from 'react';
import type { LoginAuthenticationResponse, SignInApi } from './types';
import { nextStep, type SignInStep } from './steps';

export interface SignInStepsOptions {
  signIn: SignInApi;
  onSuccess: () => void;
  chooseScopes: boolean;
  initial: SignInStep;
}

/** The state every sign-in screen shares: the step, whether a call is under way, and its refusal. */
export function useSignInSteps({ signIn, onSuccess, chooseScopes, initial }: SignInStepsOptions) {
  const [step, setStep] = useState<SignInStep>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  /** Runs one step: keeps the server's words when it fails, moves on when it succeeds. */
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

  /** Goes where the server's answer leads; the last step trades the code for the session. */
  async function follow(answer: LoginAuthenticationResponse, scopeChosen = false): Promise<void> {
    const next = nextStep(answer, { chooseScopes }, scopeChosen);
    if (next.kind !== 'exchange') {
      setStep(next);
      return;
    }
    await signIn.complete(next.code);
    onSuccess();
  }

  /** Exchanges a Google credential (from the button) for a sign-in and follows the server's answer. */
  function signInWithGoogle(
    googleClientId: string,
    googleCredential: string,
    request: { scope: string; projectId?: string; createUser?: boolean }
  ): void {
    void run(async () => follow(await signIn.google({ googleClientId, googleCredential, ...request })));
  }

  return { step, setStep, busy, error, setError, run, follow, signInWithGoogle };
}

export type SignInSteps = ReturnType<typeof useSignInSteps>;
