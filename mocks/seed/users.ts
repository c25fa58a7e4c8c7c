import { MAIN_PROJECT_ID, RIVERSIDE_PROJECT_ID, SEED_PASSWORD, DEMO_MFA_CODE } from './constants';
import { practitionerRef, type PractitionerSpec } from './practitioners';
import { ALICE_SMITH, BOB_JONES, CAROL_WHITE, CAROL_WHITE_RIVERSIDE, DAN_BROWN } from './staff';
import type { SeedMembership, SeedUser } from './types';

function membership(spec: PractitionerSpec, projectId: string, admin: boolean): SeedMembership {
  const project = projectId === MAIN_PROJECT_ID ? 'main' : 'riverside';
  return {
    id: `membership-${spec.given.toLowerCase()}-${spec.family.toLowerCase()}-${project}`,
    projectId,
    profile: practitionerRef(spec),
    ...(admin ? { admin: true } : {}),
  };
}

function user(
  login: string,
  spec: PractitionerSpec,
  memberships: SeedMembership[],
  mfaCode?: string
): SeedUser {
  return {
    id: `user-${spec.given.toLowerCase()}-${spec.family.toLowerCase()}`,
    email: login,
    password: SEED_PASSWORD,
    firstName: spec.given,
    lastName: spec.family,
    ...(mfaCode ? { mfaCode } : {}),
    memberships,
  };
}

/**
 * The four demo logins. Carol White belongs to two projects and so is asked to choose a profile.
 * The doctor and the coordinator are project admins (they use the upload pages, which deploy bots);
 * the nurse and Dan Brown are not.
 */
export function buildUsers(): SeedUser[] {
  return [
    user('doctor@example.com', ALICE_SMITH, [membership(ALICE_SMITH, MAIN_PROJECT_ID, true)]),
    user('nurse@example.com', BOB_JONES, [membership(BOB_JONES, MAIN_PROJECT_ID, false)]),
    user('coordinator@example.com', CAROL_WHITE, [
      membership(CAROL_WHITE, MAIN_PROJECT_ID, true),
      membership(CAROL_WHITE_RIVERSIDE, RIVERSIDE_PROJECT_ID, true),
    ]),
    user('mfa@example.com', DAN_BROWN, [membership(DAN_BROWN, MAIN_PROJECT_ID, false)], DEMO_MFA_CODE),
  ];
}
