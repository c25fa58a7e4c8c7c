import type {
  AccessPolicy,
  Practitioner,
  Patient,
  Project,
  ProjectMembership,
  Reference,
  RelatedPerson,
  UserConfiguration,
} from '@medplum/fhirtypes';

/** Who a user is within a project. */
export type ProfileResource = Practitioner | Patient | RelatedPerson;

/** What stays in storage between visits (spec: saved login). */
export interface SavedLogin {
  accessToken: string;
  refreshToken?: string;
  project?: Reference<Project>;
  profile?: Reference<ProfileResource>;
}

/** The answer of GET auth/me. */
export interface SessionDetails {
  profile: ProfileResource;
  project: Project;
  membership: ProjectMembership;
  config?: UserConfiguration;
  accessPolicy?: AccessPolicy;
}

/** Login state: none, then tokens obtained, then profile loaded. */
export type SessionState =
  | { status: 'none' }
  | { status: 'tokens'; login: SavedLogin }
  | { status: 'ready'; login: SavedLogin; details: SessionDetails };

/** The answer of the token endpoint. */
export interface TokenResponse {
  token_type?: string;
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  scope?: string;
  project?: Reference<Project>;
  profile?: Reference<ProfileResource>;
}

/** The answer of POST auth/method. */
export interface AuthMethodResponse {
  domain?: string;
  /** When present the user signs in with an external provider at this address. */
  authorizeUrl?: string;
}

/** The answer of each sign-in step (auth/login, auth/mfa/verify, auth/profile, ...). */
export interface LoginAuthenticationResponse {
  login: string;
  mfaRequired?: boolean;
  mfaEnrollRequired?: boolean;
  /** The authorization code: sign-in is complete once it is exchanged for tokens. */
  code?: string;
  /** Present when the user must choose a profile. */
  memberships?: ProjectMembership[];
}

/** The default scope of a sign-in. */
export const DEFAULT_SCOPE = 'openid profile';
