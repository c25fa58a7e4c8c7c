import { AuthSession } from './auth/session';
import { SignInApi } from './auth/sign-in';
import type { SessionDetails, SessionState, TokenResponse } from './auth/types';
import { Emitter } from './events';
import { ApiError, UnauthenticatedError, toOperationOutcome } from './http/errors';
import { fetchWithRetry, type RetryPolicy } from './http/fetch-with-retry';
import { parseResponse, readBody } from './http/response';
import { systemClock, MemoryStorage, type Clock, type FetchLike, type KeyValueStorage } from './platform';

export const DEFAULT_FHIR_URL_PATH = 'fhir/R4';

export interface ApiClientOptions {
  /** The server's address, ending in '/'. */
  baseUrl: string;
  fhirUrlPath?: string;
  clientId: string;
  fetch?: FetchLike;
  storage?: KeyValueStorage;
  clock?: Clock;
  maxAttempts?: number;
  retryDelayMs?: number;
  refreshMarginMs?: number;
  /** Serialises token refreshes across tabs and workers (see AuthSessionOptions.refreshLock). */
  refreshLock?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent form-encoded instead of `body`. */
  form?: URLSearchParams;
  headers?: Record<string, string>;
  /** Send the bearer token and renew it when refused; true unless said otherwise. */
  authenticated?: boolean;
  signal?: AbortSignal;
}

interface ClientEvents extends Record<string, unknown> {
  /** The server could not be reached. */
  offline: undefined;
}

const TOKEN_FAILURE = 'Failed to fetch tokens';

/**
 * The HTTP client of the app: bearer tokens, token refresh, retries and the server's error words,
 * plus the sign-in steps. The FHIR calls and the sync engine build on `request`.
 */
export class ApiClient {
  readonly baseUrl: string;
  readonly fhirBaseUrl: string;
  readonly clientId: string;
  readonly storage: KeyValueStorage;
  readonly session: AuthSession;
  readonly signIn: SignInApi;
  private readonly emitter = new Emitter<ClientEvents>();
  private readonly retry: RetryPolicy;
  private revalidating: Promise<void> | undefined;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : options.baseUrl + '/';
    const fhirPath = (options.fhirUrlPath ?? DEFAULT_FHIR_URL_PATH).replace(/^\/+|\/+$/g, '');
    this.fhirBaseUrl = new URL(fhirPath + '/', this.baseUrl).href;
    this.clientId = options.clientId;
    this.storage = options.storage ?? new MemoryStorage();
    const clock = options.clock ?? systemClock;
    const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.retry = {
      fetch: fetchImpl,
      clock,
      maxAttempts: options.maxAttempts,
      retryDelayMs: options.retryDelayMs,
      onOffline: () => this.emitter.emit('offline', undefined),
    };
    this.session = new AuthSession({
      storage: this.storage,
      clock,
      clientId: this.clientId,
      refreshMarginMs: options.refreshMarginMs,
      refreshLock: options.refreshLock,
      requestTokens: (form) => this.requestTokens(form),
    });
    this.signIn = new SignInApi({
      clientId: this.clientId,
      storage: this.storage,
      postAnonymous: (path, body) => this.request('POST', path, { body, authenticated: false }),
      exchangeCode: (code, verifier) => this.exchangeCode(code, verifier),
    });
  }

  onOffline(listener: () => void): () => void {
    return this.emitter.on('offline', listener);
  }

  /** The 'Unauthenticated' callback: the session ended because the server refused it. */
  onUnauthenticated(listener: () => void): () => void {
    return this.session.onUnauthenticated(listener);
  }

  /** An absolute address: `path` relative to the server's base address. */
  url(path: string): string {
    return /^https?:/.test(path) ? path : new URL(path.replace(/^\/+/, ''), this.baseUrl).href;
  }

  /**
   * An address under the FHIR base, e.g. fhirUrl('Task', '123'). An operation's '$' is sent as it is:
   * a real Medplum server routes operations only by the literal '$name' (it answers '%24name' 404).
   */
  fhirUrl(...segments: string[]): string {
    return this.fhirBaseUrl + segments.map(encodePathSegment).join('/');
  }

  /**
   * Restores the saved session. With remembered details the app can start at once (offline too);
   * they are revalidated in the background. Without them the profile is loaded first.
   */
  async initialize(): Promise<SessionState> {
    const state = await this.session.restore();
    if (state.status === 'tokens') {
      await this.loadSessionDetails().catch(() => undefined);
    } else if (state.status === 'ready') {
      void this.revalidate();
    }
    return this.session.getState();
  }

  /** Waits for a background revalidation started by initialize, if any. */
  async settled(): Promise<void> {
    await this.revalidating;
  }

  /** GET auth/me: the profile, project, membership and configuration of the session. */
  async loadSessionDetails(): Promise<SessionDetails> {
    const details = await this.request<SessionDetails>('GET', 'auth/me');
    await this.session.saveDetails(details);
    return details;
  }

  /** Ends the session on the server (best effort) and on this device. */
  async signOut(): Promise<void> {
    if (this.session.getState().status !== 'none') {
      await this.request('POST', 'oauth2/logout', { body: {} }).catch(() => undefined);
    }
    await this.session.clear();
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  /**
   * Sends one request: with the bearer token (refreshed shortly before it expires), retried on 5xx
   * and network failures, refreshed and retried exactly once on 401. Raises ApiError with the
   * server's words for answers of 400 and above.
   */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    return parseResponse<T>(await this.requestResponse(method, path, options));
  }

  /**
   * As `request`, but returns the answer itself (status, headers, unread body) whatever its status,
   * for callers that need more than the body: Location, ETag, 202 polling.
   */
  async requestResponse(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const url = this.url(path);
    const authenticated = options.authenticated ?? true;
    if (!authenticated) {
      return this.send(method, url, options, undefined);
    }
    const token = await this.session.accessToken();
    if (!token) {
      throw new UnauthenticatedError();
    }
    let response = await this.send(method, url, options, token);
    if (response.status === 401) {
      void response.body?.cancel().catch(() => undefined);
      await this.session.recoverFromUnauthorized(token);
      const renewed = await this.session.accessToken();
      response = await this.send(method, url, options, renewed);
      if (response.status === 401) {
        await this.session.expire();
        throw new UnauthenticatedError();
      }
    }
    return response;
  }

  private send(
    method: string,
    url: string,
    options: RequestOptions,
    token: string | undefined
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/fhir+json, application/json',
      ...options.headers,
    };
    let body: string | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = options.form.toString();
    } else if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    return fetchWithRetry(url, { method, headers, body, signal: options.signal }, this.retry);
  }

  /** POST oauth2/token; a refusal raises the server's error_description or 'Failed to fetch tokens'. */
  private async requestTokens(form: URLSearchParams): Promise<TokenResponse> {
    const response = await this.send('POST', this.url('oauth2/token'), { form }, undefined);
    const body = await readBody(response);
    if (!response.ok || !isTokenResponse(body)) {
      const description = (body as { error_description?: unknown } | undefined)?.error_description;
      const message = typeof description === 'string' && description ? description : TOKEN_FAILURE;
      const outcome = toOperationOutcome(response.status, { error_description: message });
      throw new ApiError(response.ok ? 400 : response.status, outcome, message);
    }
    return body;
  }

  private async exchangeCode(code: string, codeVerifier: string): Promise<SessionDetails> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      client_id: this.clientId,
    });
    let tokens: TokenResponse;
    try {
      tokens = await this.requestTokens(form);
    } catch (error) {
      await this.session.clear();
      throw error;
    }
    await this.session.saveTokens(tokens);
    return this.loadSessionDetails();
  }

  private revalidate(): Promise<void> {
    this.revalidating ??= this.loadSessionDetails()
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        this.revalidating = undefined;
      });
    return this.revalidating;
  }
}

function isTokenResponse(body: unknown): body is TokenResponse {
  return (
    typeof body === 'object' && body !== null && typeof (body as TokenResponse).access_token === 'string'
  );
}

function encodePathSegment(segment: string): string {
  return segment.startsWith('$') ? `$${encodeURIComponent(segment.slice(1))}` : encodeURIComponent(segment);
}
