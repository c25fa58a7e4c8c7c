import { Emitter } from '../events';
import { ApiError, UnauthenticatedError } from '../http/errors';
import type { Clock, KeyValueStorage } from '../platform';
import { tokenExpiresAt } from './jwt';
import type { SavedLogin, SessionDetails, SessionState, TokenResponse } from './types';

const LOGIN_KEY = 'activeLogin';
const DETAILS_KEY = 'sessionDetails';

/** Refresh this long before the access token expires, so a request never leaves with a dead token. */
export const DEFAULT_REFRESH_MARGIN_MS = 30_000;

export interface AuthSessionOptions {
  storage: KeyValueStorage;
  clock: Clock;
  /** Sends a form to the token endpoint (refresh grant); throws on failure. */
  requestTokens: (form: URLSearchParams) => Promise<TokenResponse>;
  clientId: string;
  refreshMarginMs?: number;
  /**
   * Runs a refresh while holding a lock shared by every tab and worker (Web Locks in the app). The
   * server rotates refresh tokens and refuses a used one, so a refresh re-reads the stored tokens
   * under the lock: when another context already refreshed, its tokens are taken instead.
   */
  refreshLock?: <T>(work: () => Promise<T>) => Promise<T>;
}

interface SessionEvents extends Record<string, unknown> {
  change: SessionState;
  /** The session ended without the user signing out: the refresh token was refused. */
  unauthenticated: undefined;
}

/**
 * The signed-in user's tokens and details: kept in memory for synchronous reads, mirrored to storage
 * so a reload (or an offline start) finds them, refreshed before they expire.
 */
export class AuthSession {
  private state: SessionState = { status: 'none' };
  private refreshing: Promise<void> | undefined;
  private readonly emitter = new Emitter<SessionEvents>();

  constructor(private readonly options: AuthSessionOptions) {}

  getState(): SessionState {
    return this.state;
  }

  /** For useSyncExternalStore and other observers. */
  subscribe(listener: (state: SessionState) => void): () => void {
    return this.emitter.on('change', listener);
  }

  onUnauthenticated(listener: () => void): () => void {
    return this.emitter.on('unauthenticated', listener);
  }

  /** Loads the saved login and the last known details from storage. */
  async restore(): Promise<SessionState> {
    const login = parse<SavedLogin>(await this.options.storage.get(LOGIN_KEY));
    const details = parse<SessionDetails>(await this.options.storage.get(DETAILS_KEY));
    if (!login?.accessToken) {
      this.setState({ status: 'none' });
    } else if (details) {
      this.setState({ status: 'ready', login, details });
    } else {
      this.setState({ status: 'tokens', login });
    }
    return this.state;
  }

  /** Stores the tokens of a completed sign-in or a refresh. */
  async saveTokens(tokens: TokenResponse): Promise<SavedLogin> {
    const previous = this.currentLogin();
    const login: SavedLogin = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? previous?.refreshToken,
      project: tokens.project ?? previous?.project,
      profile: tokens.profile ?? previous?.profile,
    };
    await this.options.storage.set(LOGIN_KEY, JSON.stringify(login));
    const sameUser = previous?.profile?.reference === login.profile?.reference;
    if (this.state.status === 'ready' && sameUser) {
      this.setState({ status: 'ready', login, details: this.state.details });
    } else {
      await this.options.storage.remove(DETAILS_KEY);
      this.setState({ status: 'tokens', login });
    }
    return login;
  }

  async saveDetails(details: SessionDetails): Promise<void> {
    const login = this.currentLogin();
    if (!login) {
      return;
    }
    // The page goes on at once; the copy kept for the next visit follows.
    const saving = this.options.storage.set(DETAILS_KEY, JSON.stringify(details));
    this.setState({ status: 'ready', login, details });
    await saving;
  }

  /** True while a login is saved: another tab's sign-out removes it for every context at once. */
  async isSaved(): Promise<boolean> {
    return !!parse<SavedLogin>(await this.options.storage.get(LOGIN_KEY))?.accessToken;
  }

  /** Forgets the login. Does not tell the server (see the client's signOut). */
  async clear(): Promise<void> {
    await this.options.storage.remove(LOGIN_KEY);
    await this.options.storage.remove(DETAILS_KEY);
    this.setState({ status: 'none' });
  }

  /** A token good for the next request, refreshed first when it is about to expire. */
  async accessToken(): Promise<string | undefined> {
    const login = this.currentLogin();
    if (!login) {
      return undefined;
    }
    const expiresAt = tokenExpiresAt(login.accessToken);
    const margin = this.options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
    if (expiresAt !== undefined && this.options.clock.now() >= expiresAt - margin && login.refreshToken) {
      await this.refresh();
    }
    return this.currentLogin()?.accessToken;
  }

  /**
   * The server refused `rejectedToken`: refresh, unless another request already did.
   * Throws UnauthenticatedError (after clearing the session) when the session cannot be renewed.
   */
  async recoverFromUnauthorized(rejectedToken: string): Promise<void> {
    const login = this.currentLogin();
    if (login && login.accessToken !== rejectedToken) {
      return;
    }
    if (!login?.refreshToken) {
      await this.expire();
      throw new UnauthenticatedError();
    }
    await this.refresh();
  }

  /** Swaps the refresh token for new tokens; one refresh at a time, shared by all callers. */
  refresh(): Promise<void> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Ends the session because the server no longer accepts it, and tells the listeners; unless it had
   * already ended (the user signed out while a request was under way, and the server then refused
   * that request's revoked token): that is no news to anyone.
   */
  async expire(): Promise<void> {
    const ended = this.state.status === 'none';
    await this.clear();
    if (!ended) this.emitter.emit('unauthenticated', undefined);
  }

  private runRefresh(): Promise<void> {
    const lock = this.options.refreshLock;
    if (!lock) return this.refreshNow();
    return lock(async () => {
      const stored = parse<SavedLogin>(await this.options.storage.get(LOGIN_KEY));
      // The saved login is gone: another context signed out. New tokens would sign this one in again.
      if (!stored?.accessToken) {
        await this.expire();
        throw new UnauthenticatedError();
      }
      if (this.adoptStoredTokens(stored)) return;
      await this.refreshNow();
    });
  }

  /**
   * Another tab or worker may have refreshed since this one read the storage: its tokens are the
   * current ones (ours were spent). True when stored tokens newer than ours were taken.
   */
  private adoptStoredTokens(stored: SavedLogin): boolean {
    const current = this.currentLogin();
    if (!current) return false;
    if (stored.accessToken === current.accessToken && stored.refreshToken === current.refreshToken)
      return false;
    if (stored.profile?.reference !== current.profile?.reference) return false;
    if (this.state.status === 'ready')
      this.setState({ status: 'ready', login: stored, details: this.state.details });
    else this.setState({ status: 'tokens', login: stored });
    return true;
  }

  private async refreshNow(): Promise<void> {
    const refreshToken = this.currentLogin()?.refreshToken;
    if (!refreshToken) {
      await this.expire();
      throw new UnauthenticatedError();
    }
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: this.options.clientId,
    });
    let tokens: TokenResponse;
    try {
      tokens = await this.options.requestTokens(form);
    } catch (error) {
      // Only a refusal by the server ends the session; an unreachable server (offline) does not.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        await this.expire();
        throw new UnauthenticatedError();
      }
      throw error;
    }
    await this.saveTokens(tokens);
  }

  private currentLogin(): SavedLogin | undefined {
    return this.state.status === 'none' ? undefined : this.state.login;
  }

  private setState(state: SessionState): void {
    this.state = state;
    this.emitter.emit('change', state);
  }
}

function parse<T>(json: string | null): T | undefined {
  if (!json) {
    return undefined;
  }
  try {
    return JSON.parse(json) as T;
  } catch {
    return undefined;
  }
}
