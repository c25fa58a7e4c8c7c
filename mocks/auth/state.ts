import type { Clock } from '../engine/types';
import type { SeedMembership, SeedUser } from '../seed/types';
import { TokenSigner } from './tokens';
import type {
  AuthChanges,
  AuthClient,
  AuthSnapshot,
  LoginRecord,
  RecordChanges,
  SecurityRequest,
} from './types';

const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The auth service's records: users with their memberships, service clients, logins and the
 * signing secret. Every change goes through a method here so listeners hear about it.
 */
export class AuthState {
  private users = new Map<string, SeedUser>();
  private clients = new Map<string, AuthClient>();
  private logins = new Map<string, LoginRecord>();
  private securityRequests = new Map<string, SecurityRequest>();
  private secret: string;
  private currentSigner: TokenSigner;
  private readonly listeners = new Set<() => void>();
  /** Ids of the records changed since takeChanges() was last called. */
  private readonly dirty = {
    users: new Set<string>(),
    logins: new Set<string>(),
    securityRequests: new Set<string>(),
  };

  constructor(
    private readonly clock: Clock,
    secret: string,
    users: SeedUser[],
    clients: AuthClient[],
    private readonly rememberVerified = false
  ) {
    this.secret = secret;
    this.currentSigner = new TokenSigner(secret, rememberVerified);
    for (const user of users) this.users.set(user.id, structuredClone(user));
    for (const client of clients) this.clients.set(client.id, { ...client });
  }

  get signer(): TokenSigner {
    return this.currentSigner;
  }

  now(): Date {
    return new Date(this.clock.now());
  }

  userById(id: string): SeedUser | undefined {
    return this.users.get(id);
  }

  userByEmail(email: string): SeedUser | undefined {
    const wanted = normaliseEmail(email);
    for (const user of this.users.values()) {
      if (normaliseEmail(user.email) === wanted) return user;
    }
    return undefined;
  }

  client(id: string): AuthClient | undefined {
    return this.clients.get(id);
  }

  login(id: string): LoginRecord | undefined {
    const login = this.logins.get(id);
    if (!login) return undefined;
    if (Date.parse(login.expiresAt) <= this.now().getTime()) return undefined;
    return login;
  }

  loginByCode(code: string): LoginRecord | undefined {
    for (const login of this.logins.values()) {
      if (login.code === code) return this.login(login.id);
    }
    return undefined;
  }

  /** The membership of a login, or undefined for a login whose profile is not chosen yet. */
  membershipOf(login: LoginRecord): SeedMembership | undefined {
    if (login.kind !== 'user' || !login.membershipId) return undefined;
    return this.users.get(login.subjectId)?.memberships.find((m) => m.id === login.membershipId);
  }

  addUser(user: SeedUser): void {
    this.users.set(user.id, user);
    this.dirty.users.add(user.id);
    this.changed();
  }

  addMembership(userId: string, membership: SeedMembership): void {
    this.changeUser(userId, (user) => user.memberships.push(membership));
  }

  /** A set-password link, used or not, until it expires. */
  securityRequest(id: string): SecurityRequest | undefined {
    return this.securityRequests.get(id);
  }

  /** Stores a new or updated set-password link; also drops links that expired a day ago or more. */
  saveSecurityRequest(request: SecurityRequest): void {
    const cutoff = this.now().getTime() - 24 * 60 * 60 * 1000;
    for (const [id, saved] of this.securityRequests) {
      if (Date.parse(saved.expiresAt) > cutoff) continue;
      this.securityRequests.delete(id);
      this.dirty.securityRequests.add(id);
    }
    this.securityRequests.set(request.id, request);
    this.dirty.securityRequests.add(request.id);
    this.changed();
  }

  setPassword(userId: string, password: string): void {
    this.changeUser(userId, (user) => (user.password = password));
  }

  /** Changes a stored user (none: nothing happens) and tells the listeners. */
  private changeUser(userId: string, change: (user: SeedUser) => void): void {
    const user = this.users.get(userId);
    if (!user) return;
    change(user);
    this.dirty.users.add(userId);
    this.changed();
  }

  /** Stores a new or updated login; also drops logins whose every token has expired. */
  saveLogin(login: LoginRecord): void {
    this.pruneExpiredLogins();
    this.logins.set(login.id, login);
    this.dirty.logins.add(login.id);
    this.changed();
  }

  /** Revokes a login: its codes, access tokens and refresh tokens stop working at once. */
  revokeLogin(id: string): void {
    if (!this.logins.delete(id)) return;
    this.dirty.logins.add(id);
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): AuthSnapshot {
    return structuredClone({
      version: 1 as const,
      secret: this.secret,
      users: [...this.users.values()],
      clients: [...this.clients.values()],
      logins: [...this.logins.values()],
      securityRequests: [...this.securityRequests.values()],
    });
  }

  /**
   * The records changed since the last call (or since the state was built), each as it is now or,
   * when it was removed, by its id: what a journal keeps of one change, in proportion to it.
   */
  takeChanges(): AuthChanges {
    const take = <T>(records: Map<string, T>, ids: Set<string>): RecordChanges<T> => {
      const changes: RecordChanges<T> = { saved: [], removed: [] };
      for (const id of ids) {
        const record = records.get(id);
        if (record) changes.saved.push(structuredClone(record));
        else changes.removed.push(id);
      }
      ids.clear();
      return changes;
    };
    return {
      users: take(this.users, this.dirty.users),
      logins: take(this.logins, this.dirty.logins),
      securityRequests: take(this.securityRequests, this.dirty.securityRequests),
    };
  }

  restore(snapshot: AuthSnapshot): void {
    const copy = structuredClone(snapshot);
    this.secret = copy.secret;
    this.currentSigner = new TokenSigner(copy.secret, this.rememberVerified);
    this.users = new Map(copy.users.map((user) => [user.id, user]));
    this.clients = new Map(copy.clients.map((client) => [client.id, client]));
    this.logins = new Map(copy.logins.map((login) => [login.id, login]));
    this.securityRequests = new Map((copy.securityRequests ?? []).map((request) => [request.id, request]));
    for (const ids of Object.values(this.dirty)) ids.clear();
  }

  private pruneExpiredLogins(): void {
    const now = this.now().getTime();
    for (const [id, login] of this.logins) {
      if (Date.parse(login.expiresAt) > now) continue;
      this.logins.delete(id);
      this.dirty.logins.add(id);
    }
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A failing listener (a full disk, say) must not break sign-in for the caller.
      }
    }
  }
}
