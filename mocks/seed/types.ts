import type { AccessPolicy, Practitioner, Reference, Resource } from '@medplum/fhirtypes';

export interface SeedProject {
  id: string;
  name: string;
  /** Project.features, as a Medplum server keeps them: 'bots' lets the project deploy and run bots. */
  features?: string[];
}

/** What a project gets when none are named: what the example uploads need (bots). */
export const DEFAULT_PROJECT_FEATURES: readonly string[] = ['bots'];

export interface SeedMembership {
  /** ProjectMembership id, offered by the profile-choice step. */
  id: string;
  projectId: string;
  profile: Reference<Practitioner>;
  admin?: boolean;
  /** Limits what the member reaches (a patient's own compartment, say); none means the whole project. */
  accessPolicy?: Reference<AccessPolicy>;
}

export interface SeedUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** When set, sign-in asks for this code after the password. */
  mfaCode?: string;
  memberships: SeedMembership[];
}

export interface SeedData {
  projects: SeedProject[];
  users: SeedUser[];
  /** Every resource carries a fixed id; `projectId` says which project holds it. */
  resources: { projectId: string; resource: Resource }[];
}
