import { FhirError } from '../engine/outcome';
import { addMs, identityOf, newLoginRecord, REFRESH_LIFETIME_MS, type AuthContext } from './context';
import { basicCredentials, jsonResponse, OAuthError, oauthErrorResponse, readFormBody } from './http';
import { s256Challenge, secretsEqual } from './tokens';
import type { LoginRecord } from './types';

/** The token endpoint's answer, as Medplum's server shapes it. */
export interface TokenResponseBody {
  token_type: 'Bearer';
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  scope: string;
  project: { reference: string };
  profile: { reference: string; display?: string };
}

const invalidGrant = (description: string): OAuthError => new OAuthError('invalid_grant', description);

/** POST oauth2/token (form-encoded): authorization_code, refresh_token and client_credentials grants. */
export async function tokenEndpoint(ctx: AuthContext, request: Request): Promise<Response> {
  try {
    const form = await readFormBody(request);
    const issuer = `${new URL(request.url).origin}/`;
    const grantType = form.get('grant_type');
    switch (grantType) {
      case 'authorization_code':
        return jsonResponse(await authorizationCodeGrant(ctx, form, issuer));
      case 'refresh_token':
        return jsonResponse(await refreshTokenGrant(ctx, form, issuer));
      case 'client_credentials':
        return jsonResponse(await clientCredentialsGrant(ctx, form, request, issuer));
      case null:
      case '':
        throw new OAuthError('invalid_request', 'Missing grant_type');
      default:
        throw new OAuthError('unsupported_grant_type', 'Unsupported grant_type');
    }
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    if (error instanceof FhirError) return oauthErrorResponse(invalidGrant(error.message));
    return oauthErrorResponse(new OAuthError('invalid_request', 'Invalid token request'));
  }
}

/** The client named in the request must be the one that started the login, when it named one. */
function checkClient(login: LoginRecord, form: URLSearchParams): void {
  if (login.clientId && (form.get('client_id') ?? '') !== login.clientId)
    throw invalidGrant('Invalid client');
}

/** One grant type of the token endpoint: the form's fields, answered with tokens. */
type Grant = (ctx: AuthContext, form: URLSearchParams, issuer: string) => Promise<TokenResponseBody>;

const authorizationCodeGrant: Grant = async (ctx, form, issuer) => {
  const code = form.get('code');
  if (!code) throw new OAuthError('invalid_request', 'Missing code');
  const login = ctx.state.loginByCode(code);
  if (!login) throw invalidGrant('Invalid code');
  if (login.granted) {
    // A code used twice may have been stolen: revoke everything issued from it.
    ctx.state.revokeLogin(login.id);
    throw invalidGrant('Token already granted');
  }
  checkClient(login, form);
  if (login.codeChallenge) {
    const verifier = form.get('code_verifier');
    if (!verifier) throw invalidGrant('Missing code verifier');
    if (!secretsEqual(await s256Challenge(verifier), login.codeChallenge)) {
      throw invalidGrant('Invalid code verifier');
    }
  }
  return issueTokens(ctx, login, issuer);
};

const refreshTokenGrant: Grant = async (ctx, form, issuer) => {
  const token = form.get('refresh_token');
  if (!token) throw new OAuthError('invalid_request', 'Invalid refresh token');
  const claims = await ctx.state.signer.verify(token, ctx.state.now()).catch(() => undefined);
  const generation = claims?.refresh_generation;
  const loginId = claims?.login_id;
  if (claims?.token_use !== 'refresh' || typeof generation !== 'number' || typeof loginId !== 'string') {
    throw invalidGrant('Invalid refresh token');
  }
  const login = ctx.state.login(loginId);
  if (!login?.granted || login.refreshGeneration === undefined) throw invalidGrant('Invalid refresh token');
  if (generation !== login.refreshGeneration) {
    // A refresh token used twice has been copied: end the whole sign-in, whoever holds its tokens.
    ctx.state.revokeLogin(login.id);
    throw invalidGrant('Refresh token already used; the sign-in has been revoked');
  }
  checkClient(login, form);
  return issueTokens(ctx, login, issuer);
};

async function clientCredentialsGrant(
  ctx: AuthContext,
  form: URLSearchParams,
  request: Request,
  issuer: string
): Promise<TokenResponseBody> {
  const credentials = basicCredentials(request) ?? {
    id: form.get('client_id') ?? '',
    secret: form.get('client_secret') ?? '',
  };
  if (!credentials.id) throw new OAuthError('invalid_request', 'Missing client_id');
  if (!credentials.secret) throw new OAuthError('invalid_request', 'Missing client_secret');
  const client = ctx.state.client(credentials.id);
  if (!client || !secretsEqual(client.secret, credentials.secret)) {
    throw new OAuthError('invalid_client', 'Invalid client');
  }
  const login = newLoginRecord(ctx, {
    kind: 'client',
    subjectId: client.id,
    clientId: client.id,
    projectId: client.projectId,
    scope: form.get('scope') ?? 'openid',
    remember: false,
    mfaRequired: false,
    awaitingProject: false,
    granted: true,
  });
  return issueTokens(ctx, login, issuer);
}

/**
 * Signs the access token (and, for users, an id token and a fresh refresh token, which replaces the
 * previous one) and stores the login so the tokens can later be checked and revoked.
 */
async function issueTokens(ctx: AuthContext, login: LoginRecord, issuer: string): Promise<TokenResponseBody> {
  const identity = identityOf(ctx, login);
  login.granted = true;
  const now = ctx.state.now();
  const lifetime = ctx.accessTokenLifetimeSeconds;
  const signer = ctx.state.signer;
  const accessToken = await signer.sign(
    {
      iss: issuer,
      sub: login.subjectId,
      username: login.subjectId,
      login_id: login.id,
      login: login.id,
      profile: identity.profile.reference,
      ...(login.clientId ? { client_id: login.clientId } : {}),
      scope: login.scope,
    },
    now,
    lifetime
  );
  const accessExpiresAt = addMs(now, lifetime * 1000);
  const body: TokenResponseBody = {
    token_type: 'Bearer',
    access_token: accessToken,
    expires_in: lifetime,
    scope: login.scope,
    project: { reference: `Project/${identity.projectId}` },
    profile: { ...identity.profile },
  };
  if (login.kind === 'user' && keepsSignedIn(login)) {
    login.refreshGeneration = (login.refreshGeneration ?? 0) + 1;
    login.refreshExpiresAt = addMs(now, REFRESH_LIFETIME_MS);
    body.refresh_token = await signer.sign(
      { login_id: login.id, refresh_generation: login.refreshGeneration, token_use: 'refresh' },
      now,
      REFRESH_LIFETIME_MS / 1000
    );
  }
  if (login.kind === 'user') {
    body.id_token = await signer.sign(
      {
        iss: issuer,
        sub: login.subjectId,
        aud: login.clientId ?? issuer,
        fhirUser: identity.profile.reference,
      },
      now,
      lifetime
    );
  }
  const lastValid = Math.max(
    Date.parse(accessExpiresAt),
    Date.parse(login.refreshExpiresAt ?? accessExpiresAt)
  );
  login.expiresAt = new Date(lastValid).toISOString();
  ctx.state.saveLogin(login);
  return body;
}

/** A refresh token is issued only when the user asked to stay signed in: 'Remember me' or the offline_access scope. */
function keepsSignedIn(login: LoginRecord): boolean {
  return login.remember || login.scope.split(/\s+/).includes('offline_access');
}
