import { describe, expect, it } from 'vitest';
import { matchMemberships, nextStep } from './steps';
import type { ProjectMembership } from './types';

function membership(id: string, profile: string, project: string): ProjectMembership {
  return {
    resourceType: 'ProjectMembership',
    id,
    project: { reference: `Project/${project}`, display: project },
    user: { reference: 'User/u' },
    profile: { reference: `Practitioner/${id}`, display: profile },
  };
}

describe('sign-in steps', () => {
  const rules = { chooseScopes: false };

  it('follow the server: MFA first, then the profile choice, then the code', () => {
    expect(nextStep({ login: 'l', mfaRequired: true }, rules)).toEqual({ kind: 'mfa', login: 'l' });
    const memberships = [membership('a', 'Carol White', 'Ward A'), membership('b', 'Carol White', 'Ward B')];
    expect(nextStep({ login: 'l', memberships }, rules)).toEqual({
      kind: 'profile',
      login: 'l',
      memberships,
    });
    expect(nextStep({ login: 'l', code: 'c' }, rules)).toEqual({ kind: 'exchange', code: 'c' });
  });

  it('ask for a project when the server answers without a code', () => {
    expect(nextStep({ login: 'l' }, rules)).toEqual({ kind: 'new-project', login: 'l' });
  });

  it('offer the scope choice once when enabled', () => {
    const withScopes = { chooseScopes: true };
    expect(nextStep({ login: 'l', code: 'c' }, withScopes)).toEqual({ kind: 'scope', login: 'l', code: 'c' });
    expect(nextStep({ login: 'l', code: 'c2' }, withScopes, true)).toEqual({ kind: 'exchange', code: 'c2' });
  });
});

describe('profile choice', () => {
  const many = Array.from({ length: 14 }, (_, i) =>
    membership(`m${i}`, `Person ${i}`, i % 2 ? 'North' : 'South')
  );

  it('shows at most 10 matches', () => {
    expect(matchMemberships(many, '')).toHaveLength(10);
  });

  it('matches profile or project names, ignoring case', () => {
    expect(matchMemberships(many, 'person 13').map((m) => m.id)).toEqual(['m13']);
    expect(matchMemberships(many, 'north')).toHaveLength(7);
    expect(matchMemberships(many, 'nobody')).toEqual([]);
  });
});
