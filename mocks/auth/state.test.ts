import { describe, expect, it } from 'vitest';
import type { SeedUser } from '../seed/types';
import { AuthState } from './state';
import type { LoginRecord } from './types';
import { ManualClock } from '@/fhir/testing/manual-clock';

const clock = new ManualClock();
const NOW = clock.now();
const user = (id: string, email: string): SeedUser => ({
  id,
  email,
  password: 'password',
  firstName: 'A',
  lastName: id,
  memberships: [],
});
const login = (id: string, code: string | undefined, expiresInMs = 3_600_000): LoginRecord => ({
  id,
  kind: 'user',
  subjectId: 'u1',
  scope: 'openid',
  remember: false,
  mfaRequired: false,
  mfaVerified: false,
  awaitingProject: false,
  granted: false,
  code,
  authTime: new Date(NOW).toISOString(),
  expiresAt: new Date(NOW + expiresInMs).toISOString(),
});

describe('the sign-in records, looked up by e-mail and by code', () => {
  it('finds each of many users by e-mail in any case, and nobody for an unknown one', () => {
    const users = Array.from({ length: 5000 }, (_, n) => user(`u${n}`, `Person${n}@Example.com`));
    const state = new AuthState(clock, 'secret', users, []);
    expect(state.userByEmail(' person4321@example.COM ')?.id).toBe('u4321');
    expect(state.userByEmail('nobody@example.com')).toBeUndefined();
    state.addUser(user('new', 'new@example.com'));
    expect(state.userByEmail('NEW@example.com')?.id).toBe('new');
  });

  it('does not hand out a login for a code it replaced, revoked or let expire', () => {
    const state = new AuthState(clock, 'secret', [user('u1', 'a@example.com')], []);
    for (let n = 0; n < 2000; n++) state.saveLogin(login(`l${n}`, `code-${n}`));
    expect(state.loginByCode('code-1500')?.id).toBe('l1500');
    // A new code for the same login: the old one stops working.
    state.saveLogin({ ...login('l1500', 'code-fresh') });
    expect(state.loginByCode('code-1500')).toBeUndefined();
    expect(state.loginByCode('code-fresh')?.id).toBe('l1500');
    state.revokeLogin('l1500');
    expect(state.loginByCode('code-fresh')).toBeUndefined();
    state.saveLogin(login('short', 'code-short', -1));
    expect(state.loginByCode('code-short')).toBeUndefined();
  });

  it('finds users and codes again after a restore from a snapshot', () => {
    const state = new AuthState(clock, 'secret', [user('u1', 'a@example.com')], []);
    state.saveLogin(login('l1', 'code-1'));
    const snapshot = state.snapshot();
    const restored = new AuthState(clock, 'other', [], []);
    restored.restore(snapshot);
    expect(restored.userByEmail('A@example.com')?.id).toBe('u1');
    expect(restored.loginByCode('code-1')?.id).toBe('l1');
  });
});
