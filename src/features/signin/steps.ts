import type { LoginAuthenticationResponse, ProjectMembership } from './types';

/** Where a sign-in stands; each step is one form. */
export type SignInStep =
  | { kind: 'email' }
  | { kind: 'new-user' }
  | { kind: 'password'; email: string }
  | { kind: 'mfa'; login: string }
  | { kind: 'profile'; login: string; memberships: ProjectMembership[] }
  | { kind: 'new-project'; login: string }
  | { kind: 'scope'; login: string; code: string }
  | { kind: 'exchange'; code: string };

export interface StepRules {
  /** Offer the scope choice before finishing. */
  chooseScopes: boolean;
}

/**
 * What comes after a step's answer, as the server directs: the MFA code, a profile choice, a new
 * project when the server waits for one, the scope choice when enabled, then the code exchange.
 */
export function nextStep(
  answer: LoginAuthenticationResponse,
  rules: StepRules,
  scopeChosen = false
): SignInStep {
  if (answer.mfaRequired) {
    return { kind: 'mfa', login: answer.login };
  }
  if (answer.memberships && answer.memberships.length > 0) {
    return { kind: 'profile', login: answer.login, memberships: answer.memberships };
  }
  if (!answer.code) {
    return { kind: 'new-project', login: answer.login };
  }
  if (rules.chooseScopes && !scopeChosen) {
    return { kind: 'scope', login: answer.login, code: answer.code };
  }
  return { kind: 'exchange', code: answer.code };
}

/** Profile choice: at most 10 matches of the search text on profile or project name. */
export const PROFILE_CHOICE_LIMIT = 10;

export function membershipLabel(membership: ProjectMembership): { profile: string; project: string } {
  return {
    profile: membership.profile?.display ?? membership.profile?.reference ?? membership.id ?? '',
    project: membership.project?.display ?? membership.project?.reference ?? '',
  };
}

export function matchMemberships(memberships: ProjectMembership[], search: string): ProjectMembership[] {
  const needle = search.trim().toLowerCase();
  return memberships
    .filter((membership) => {
      const { profile, project } = membershipLabel(membership);
      return !needle || profile.toLowerCase().includes(needle) || project.toLowerCase().includes(needle);
    })
    .slice(0, PROFILE_CHOICE_LIMIT);
}
