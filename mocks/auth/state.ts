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
  /** User id by normalised e-mail, and login id by authorization code: sign-in looks them up by these. */
  private readonly userIdByEmail = new Map<string, string>();
  private readonly loginIdByCode = new Map<string, string>();
  private readonly codeOfLogin = new Map<string, string>();
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
    this.reindex();
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
    const id = this.userIdByEmail.get(normaliseEmail(email));
    return id === undefined ? undefined : this.users.get(id);
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
    const id = this.loginIdByCode.get(code);
    return id === undefined || this.logins.get(id)?.code !== code ? undefined : this.login(id);
  }

  /** The membership of a login, or undefined for a login whose profile is not chosen yet. */
  membershipOf(login: LoginRecord): SeedMembership | undefined {
    if (login.kind !== 'user' || !login.membershipId) return undefined;
    return this.users.get(login.subjectId)?.memberships.find((m) => m.id === login.membershipId);
  }

  addUser(user: SeedUser): void {
    const replaced = this.users.get(user.id);
    if (replaced) this.userIdByEmail.delete(normaliseEmail(replaced.email));
    this.users.set(user.id, user);
    this.indexUser(user);
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
    this.userIdByEmail.delete(normaliseEmail(user.email));
    change(user);
    this.indexUser(user);
    this.dirty.users.add(userId);
    this.changed();
  }

  /** Stores a new or updated login; also drops logins whose every token has expired. */
  saveLogin(login: LoginRecord): void {
    this.pruneExpiredLogins();
    this.logins.set(login.id, login);
    this.indexLogin(login.id, login.code);
    this.dirty.logins.add(login.id);
    this.changed();
  }

  /** Revokes a login: its codes, access tokens and refresh tokens stop working at once. */
  revokeLogin(id: string): void {
    if (!this.logins.delete(id)) return;
    this.indexLogin(id, undefined);
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
    this.reindex();
  }

  private reindex(): void {
    this.userIdByEmail.clear();
    this.loginIdByCode.clear();
    this.codeOfLogin.clear();
    for (const user of this.users.values()) this.indexUser(user);
    for (const login of this.logins.values()) this.indexLogin(login.id, login.code);
  }

  private indexUser(user: SeedUser): void {
    this.userIdByEmail.set(normaliseEmail(user.email), user.id);
  }

  /** Points the login's current code (none once removed) at it, and forgets its previous one. */
  private indexLogin(id: string, code: string | undefined): void {
    const previous = this.codeOfLogin.get(id);
    if (previous === code) return;
    if (previous !== undefined) {
      this.loginIdByCode.delete(previous);
      this.codeOfLogin.delete(id);
    }
    if (code === undefined) return;
    this.loginIdByCode.set(code, id);
    this.codeOfLogin.set(id, code);
  }

  private pruneExpiredLogins(): void {
    const now = this.now().getTime();
    for (const [id, login] of this.logins) {
      if (Date.parse(login.expiresAt) > now) continue;
      this.logins.delete(id);
      this.indexLogin(id, undefined);
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
