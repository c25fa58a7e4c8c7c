import type { KeyValueStorage } from '../platform';
import { createPkcePair, type PkcePair } from './pkce';
import {
  DEFAULT_SCOPE,
  type AuthMethodResponse,
  type LoginAuthenticationResponse,
  type SessionDetails,
} from './types';

const VERIFIER_KEY = 'pkceVerifier';
/** The scope that gets a refresh token without 'Remember me', so an offline tablet stays signed in. */
export const OFFLINE_ACCESS_SCOPE = 'offline_access';

/** The scope asked for, plus offline_access: a real Medplum server issues no refresh token without it or 'Remember me'. */
export function withOfflineAccess(scope: string): string {
  const scopes = scope.split(/\s+/).filter(Boolean);
  return scopes.includes(OFFLINE_ACCESS_SCOPE)
    ? scopes.join(' ')
    : [...scopes, OFFLINE_ACCESS_SCOPE].join(' ');
}

/** What the sign-in steps need from the client that owns them. */
export interface SignInTransport {
  readonly clientId: string;
  readonly storage: KeyValueStorage;
  /** POST without a bearer token; raises the server's words on failure. */
  postAnonymous<T>(path: string, body: unknown): Promise<T>;
  /** Exchanges an authorization code (with its PKCE verifier) and loads the session. */
  exchangeCode(code: string, codeVerifier: string): Promise<SessionDetails>;
}

export interface LoginRequest {
  email: string;
  password: string;
  remember?: boolean;
  scope?: string;
  /** 'new' asks the server for a project-creation step. */
  projectId?: string;
}

export interface NewUserRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  remember?: boolean;
  projectId?: string;
  scope?: string;
  recaptchaToken?: string;
}

export interface GoogleLoginRequest {
  googleClientId: string;
  googleCredential: string;
  scope?: string;
  projectId?: string;
  /** Register a new user when the Google account has none (then a project is created). */
  createUser?: boolean;
}

/**
 * The steps of a sign-in, each one call that returns the server's answer as is; the caller (a form,
 * a test) decides what comes next from that answer. The PKCE verifier is kept in storage so that a
 * sign-in finished after a redirect to an external provider can still exchange its code.
 */
export class SignInApi {
  constructor(private readonly transport: SignInTransport) {}

  /** Asks how this email signs in: an authorizeUrl means an external provider. */
  method(email: string): Promise<AuthMethodResponse> {
    return this.transport.postAnonymous('auth/method', { email });
  }

  login(request: LoginRequest): Promise<LoginAuthenticationResponse> {
    const { email, password, remember = false, projectId } = request;
    return this.postWithPkce(
      'auth/login',
      { email, password, remember, projectId },
      withOfflineAccess(request.scope ?? DEFAULT_SCOPE)
    );
  }

  google(request: GoogleLoginRequest): Promise<LoginAuthenticationResponse> {
    return this.postWithPkce(
      'auth/google',
      { ...request },
      withOfflineAccess(request.scope ?? DEFAULT_SCOPE)
    );
  }

  newUser(request: NewUserRequest): Promise<LoginAuthenticationResponse> {
    return this.postWithPkce('auth/newuser', { ...request }, request.scope ?? DEFAULT_SCOPE);
  }

  verifyMfa(login: string, token: string): Promise<LoginAuthenticationResponse> {
    return this.transport.postAnonymous('auth/mfa/verify', { login, token });
  }

  /** `profile` is the id of the chosen ProjectMembership. */
  chooseProfile(login: string, profile: string): Promise<LoginAuthenticationResponse> {
    return this.transport.postAnonymous('auth/profile', { login, profile });
  }

  chooseScope(login: string, scope: string): Promise<LoginAuthenticationResponse> {
    return this.transport.postAnonymous('auth/scope', { login, scope });
  }

  newProject(login: string, projectName: string): Promise<LoginAuthenticationResponse> {
    return this.transport.postAnonymous('auth/newproject', { login, projectName });
  }

  /** Asks the server to e-mail a set-password link; it answers the same whether or not the e-mail is known. */
  async resetPassword(email: string): Promise<void> {
    await this.transport.postAnonymous('auth/resetpassword', { email });
  }

  /** The new password, with the request id and secret of an e-mailed set-password link. */
  async setPassword(id: string, secret: string, password: string): Promise<void> {
    await this.transport.postAnonymous('auth/setpassword', { id, secret, password });
  }

  /** The last step: trades the code for tokens, saves the login and loads the profile. */
  async complete(code: string): Promise<SessionDetails> {
    const verifier = await this.transport.storage.get(VERIFIER_KEY);
    if (!verifier) {
      throw new Error('Sign-in was not started on this device');
    }
    await this.transport.storage.remove(VERIFIER_KEY);
    return this.transport.exchangeCode(code, verifier);
  }

  /** A step that starts a sign-in: the body with this client, the scope and a fresh PKCE challenge. */
  private async postWithPkce(
    path: string,
    body: Record<string, unknown>,
    scope: string
  ): Promise<LoginAuthenticationResponse> {
    const pkce = await this.startPkce();
    return this.transport.postAnonymous(path, {
      ...body,
      clientId: this.transport.clientId,
      scope,
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
    });
  }

  private async startPkce(): Promise<PkcePair> {
    const pkce = await createPkcePair();
    await this.transport.storage.set(VERIFIER_KEY, pkce.verifier);
    return pkce;
  }
}
