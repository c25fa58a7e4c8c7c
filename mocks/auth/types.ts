import type { Resource } from '@medplum/fhirtypes';
import type { RequestContext } from '@mocks/engine/types';
import type { SeedProject, SeedUser } from '@mocks/seed/types';

/** What the auth service may do to the FHIR data: read profiles, create users' profiles and projects. */
export interface ProjectDirectory {
  readResource(projectId: string, resourceType: string, id: string): Resource | undefined;
  createResource<T extends Resource>(projectId: string, resource: T): T;
  createProject(name: string): SeedProject;
  project(projectId: string): SeedProject | undefined;
}

/** A confidential client that signs in with client_credentials (bots, services, tests). */
export interface AuthClient {
  /** The client_id; also the id of its ClientApplication profile. */
  id: string;
  secret: string;
  name: string;
  projectId: string;
}

/** One sign-in, from the password step until it is revoked or expires. */
export interface LoginRecord {
  id: string;
  kind: 'user' | 'client';
  /** User id, or the AuthClient id for client logins. */
  subjectId: string;
  /** The OAuth client that started the sign-in, when it named one. */
  clientId?: string;
  projectId?: string;
  /** Set once the profile is known (one membership, a choice, or a new project). */
  membershipId?: string;
  scope: string;
  remember: boolean;
  codeChallenge?: string;
  mfaRequired: boolean;
  mfaVerified: boolean;
  /** True between auth/newuser and auth/newproject or auth/newpatient. */
  awaitingProject: boolean;
  code?: string;
  /** The code has been exchanged for tokens. */
  granted: boolean;
  /**
   * Which refresh token of the login is current: each refresh issues the next one. Presenting an
   * earlier one means a copy is in other hands, and revokes the login with every token it issued.
   */
  refreshGeneration?: number;
  refreshExpiresAt?: string;
  authTime: string;
  /** After this instant nothing issued from the login is valid; the record may be pruned. */
  expiresAt: string;
}

/** A set-password link sent by e-mail (a password reset or an invitation): single use, short-lived. */
export interface SecurityRequest {
  id: string;
  type: 'reset' | 'invite';
  userId: string;
  secret: string;
  used: boolean;
  createdAt: string;
  expiresAt: string;
}

/** Everything the auth service keeps, as JSON: restored on restart in `npm start` mode. */
export interface AuthSnapshot {
  version: 1;
  secret: string;
  users: SeedUser[];
  clients: AuthClient[];
  logins: LoginRecord[];
  /** Absent in data saved before password resets existed. */
  securityRequests?: SecurityRequest[];
}

/** Records of one kind changed since a point: saved as they are now, or removed by id. */
export interface RecordChanges<T> {
  saved: T[];
  removed: string[];
}

/** What changed in the auth records since the last time they were taken (clients never change). */
export interface AuthChanges {
  users: RecordChanges<SeedUser>;
  logins: RecordChanges<LoginRecord>;
  securityRequests: RecordChanges<SecurityRequest>;
}

/** Applies changes to a saved snapshot (replaying a journal). */
export function withAuthChanges(snapshot: AuthSnapshot, changes: AuthChanges): AuthSnapshot {
  const apply = <T extends { id: string }>(records: readonly T[], change: RecordChanges<T>): T[] => {
    const byId = new Map(records.map((record) => [record.id, record]));
    for (const id of change.removed) byId.delete(id);
    for (const record of change.saved) byId.set(record.id, record);
    return [...byId.values()];
  };
  return {
    ...snapshot,
    users: apply(snapshot.users, changes.users),
    logins: apply(snapshot.logins, changes.logins),
    securityRequests: apply(snapshot.securityRequests ?? [], changes.securityRequests),
  };
}

/** The fake server's sign-in service, speaking Medplum's auth API. */
export interface AuthService {
  /**
   * Answers /auth/*, /oauth2/* and /.well-known/* requests; undefined when the path is not an auth
   * path. Never throws: bad input gets a 4xx OperationOutcome, or an OAuth error body on oauth2/token.
   */
  handle(request: Request): Promise<Response | undefined>;
  /** Checks the bearer token of a FHIR request; throws FhirError(401) when missing, invalid or expired. */
  authenticate(request: Request): Promise<RequestContext>;
  /**
   * POST admin/projects/{projectId}/invite for an authenticated caller. Throws FhirError for anything
   * the caller got wrong.
   */
  invite(request: Request, context: RequestContext, projectId: string): Promise<Response>;
  snapshot(): AuthSnapshot;
  restore(snapshot: AuthSnapshot): void;
  /** The records changed since the last call (see AuthState.takeChanges). */
  takeChanges(): AuthChanges;
  /** Called after each change worth persisting; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
