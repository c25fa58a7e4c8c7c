import type { Resource, UserConfiguration } from '@medplum/fhirtypes';
import { unauthorized } from '../engine/outcome';
import type { RequestContext } from '../engine/types';
import { memberAccessPolicy } from './access-policy';
import { identityOf, type AuthContext, type LoginIdentity } from './context';
import { basicCredentials, bearerToken, type JsonBody } from './http';
import { asAccessClaims, secretsEqual } from './tokens';
import type { LoginRecord } from './types';

interface Session {
  login: LoginRecord;
  identity: LoginIdentity;
}

/** The granted, unrevoked login behind a bearer token; throws FhirError(401) otherwise. */
async function sessionOf(ctx: AuthContext, request: Request): Promise<Session> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const claims = asAccessClaims(await ctx.state.signer.verify(token, ctx.state.now()));
  const login = ctx.state.login(claims.login_id);
  if (!login?.granted) throw unauthorized('Login revoked');
  return { login, identity: identityOf(ctx, login) };
}

/**
 * Who is calling a FHIR endpoint: a bearer token from the token endpoint, or a service client's
 * id and secret as Basic credentials.
 */
export async function authenticate(ctx: AuthContext, request: Request): Promise<RequestContext> {
  const basic = basicCredentials(request);
  if (basic && !bearerToken(request)) {
    const client = ctx.state.client(basic.id);
    if (!client || !secretsEqual(client.secret, basic.secret)) throw unauthorized('Invalid client');
    return {
      projectId: client.projectId,
      profile: { reference: `ClientApplication/${client.id}`, display: client.name },
      login: `client:${client.id}`,
      clientId: client.id,
    };
  }
  const { login, identity } = await sessionOf(ctx, request);
  const context: RequestContext = {
    projectId: identity.projectId,
    profile: { ...identity.profile },
    login: login.id,
    clientId: login.clientId ?? '',
    admin: identity.admin,
  };
  if (identity.accessPolicy) {
    context.accessPolicy = memberAccessPolicy(
      ctx.directory,
      identity.projectId,
      identity.accessPolicy,
      identity.profile
    );
  }
  return context;
}

function userOf(ctx: AuthContext, login: LoginRecord): JsonBody {
  if (login.kind === 'client') {
    const client = ctx.state.client(login.subjectId);
    return { resourceType: 'ClientApplication', id: login.subjectId, name: client?.name };
  }
  const user = ctx.state.userById(login.subjectId);
  if (!user) throw unauthorized('User not found');
  const { id, email, firstName, lastName } = user;
  return { resourceType: 'User', id, email, firstName, lastName };
}

/** The profile resource; a bare one built from the reference when the directory lacks it. */
function profileOf(ctx: AuthContext, identity: LoginIdentity): Resource {
  const [resourceType = '', id = ''] = identity.profile.reference.split('/');
  const stored = ctx.directory.readResource(identity.projectId, resourceType, id);
  if (stored) return stored;
  const display = identity.profile.display ?? '';
  // The type is only known at runtime; the shape is the minimum every profile type accepts.
  return { resourceType, id, name: [{ text: display }] } as unknown as Resource;
}

/** The side-menu links a user starts with, before saving bookmarks of their own. */
const DEFAULT_MENU: UserConfiguration['menu'] = [
  {
    title: 'Favorites',
    link: [
      { name: 'Patients', target: '/Patient' },
      { name: 'Practitioners', target: '/Practitioner' },
      { name: 'Service Requests', target: '/ServiceRequest' },
      { name: 'Diagnostic Reports', target: '/DiagnosticReport' },
      { name: 'Communications', target: '/Communication' },
    ],
  },
];

/**
 * The member's UserConfiguration: one per membership, its id the membership's, so that the client
 * saves it back with a plain PUT (bookmarks) and every device reads the same one. Until the first
 * save it is the default menu, not yet stored.
 */
function userConfigurationOf(ctx: AuthContext, identity: LoginIdentity): UserConfiguration {
  const stored = ctx.directory.readResource(identity.projectId, 'UserConfiguration', identity.membershipId);
  if (stored?.resourceType === 'UserConfiguration') return stored;
  return {
    resourceType: 'UserConfiguration',
    id: identity.membershipId,
    menu: structuredClone(DEFAULT_MENU),
  };
}

/** GET auth/me: the session details Medplum's client loads after every sign-in. */
export async function me(ctx: AuthContext, request: Request): Promise<JsonBody> {
  const { login, identity } = await sessionOf(ctx, request);
  const user = userOf(ctx, login);
  const project = ctx.directory.project(identity.projectId);
  const projectRef = { reference: `Project/${identity.projectId}`, display: project?.name };
  return {
    user,
    profile: profileOf(ctx, identity),
    project: { resourceType: 'Project', id: identity.projectId, name: project?.name, superAdmin: false },
    membership: {
      resourceType: 'ProjectMembership',
      id: identity.membershipId,
      admin: identity.admin,
      project: projectRef,
      user: { reference: `${String(user.resourceType)}/${login.subjectId}` },
      profile: { ...identity.profile },
      ...(identity.accessPolicy ? { accessPolicy: { ...identity.accessPolicy } } : {}),
    },
    config: userConfigurationOf(ctx, identity),
    accessPolicy: identity.accessPolicy
      ? memberAccessPolicy(ctx.directory, identity.projectId, identity.accessPolicy, identity.profile)
      : undefined,
  };
}

/** POST oauth2/logout: revokes the caller's login, so its access and refresh tokens stop working. */
export async function logout(ctx: AuthContext, request: Request): Promise<JsonBody> {
  const { login } = await sessionOf(ctx, request);
  ctx.state.revokeLogin(login.id);
  return {};
}

/** GET oauth2/userinfo: OpenID Connect claims of the signed-in user. */
export async function userInfo(ctx: AuthContext, request: Request): Promise<JsonBody> {
  const { login, identity } = await sessionOf(ctx, request);
  const user = login.kind === 'user' ? ctx.state.userById(login.subjectId) : undefined;
  return {
    sub: login.subjectId,
    fhirUser: identity.profile.reference,
    ...(user
      ? {
          email: user.email,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`,
        }
      : {}),
  };
}

/**
 * GET .well-known/openid-configuration, so generic OpenID clients find the endpoints. There is no
 * authorization page: sign-in goes through the auth/* steps.
 */
export function openIdConfiguration(request: Request): JsonBody {
  const origin = new URL(request.url).origin;
  return {
    issuer: `${origin}/`,
    token_endpoint: `${origin}/oauth2/token`,
    userinfo_endpoint: `${origin}/oauth2/userinfo`,
    end_session_endpoint: `${origin}/oauth2/logout`,
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    id_token_signing_alg_values_supported: ['HS256'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    subject_types_supported: ['public'],
  };
}
