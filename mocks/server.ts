import type { FhirEngine } from './engine';
import { createFhirEngine } from './engine';
import type { EngineSnapshot } from './engine';
import { createAuthService, type AuthService, type AuthSnapshot, type GoogleVerifier } from './auth';
import { Mailbox, type CapturedEmail } from './email/mailbox';
import { buildSeed } from './seed';
import type { SeedData } from './seed/types';
import { MovableClock } from './clock';
import { forbidden } from './engine/outcome';
import { keepRegisteredProjects } from './reset-scope';
import { createBotService, type BotService } from './bots/service';
import type { BotRunner } from './bots/runner';
import type { DevControlTarget } from './dev-controls';
import { createRealtimeService, registerRealtimeOperations, type RealtimeService } from './realtime';
import { createExportService, registerExportOperations, type ExportService } from './export/export-service';
import { createKeyValueService, type KeyValueEntry, type KeyValueService } from './keyvalue/keyvalue-service';
import { OperationRegistry } from './engine/operation-registry';
import { registerEngineOperations } from './engine/operations';
import { registerBotOperations } from './bots/operations';
import { dispatch } from './routing/route-table';
import { serverRoutes } from './routing/server-routes';

export const FHIR_BASE_PATH = '/fhir/R4/';
/** A write that fired subscription bots is answered once they finished, waiting at most this long. */
const SUBSCRIPTION_WAIT_MS = 3000;

export interface FakeServerState {
  version: 1;
  clockOffsetMs: number;
  engine: EngineSnapshot;
  auth: AuthSnapshot;
  /** The developer mailbox; absent in data saved before it existed. */
  emails?: CapturedEmail[];
  /** The key-value store's values; absent in data saved before they were kept. */
  keyValues?: KeyValueEntry[];
}

export interface FakeServerOptions {
  /** Seed data to load when no state is given; 'demo' (default) builds the demo project, 'none' starts empty. */
  seed?: SeedData | 'demo' | 'none';
  /** A saved state to restore instead of seeding. */
  state?: FakeServerState;
  clock?: MovableClock;
  accessTokenLifetimeSeconds?: number;
  /** Check each access token's signature once and remember it (the HTTP host does, for throughput). */
  rememberVerifiedTokens?: boolean;
  /** Runs bot code; a worker thread (Node) or a Worker (browser) by default. */
  botRunner?: BotRunner;
  /** Time limit of one bot run. */
  botTimeoutMs?: number;
  /** Accept Google sign-in checked by this verifier; without it auth/google is refused. */
  google?: GoogleVerifier;
  /** How often websocket subscribers get a heartbeat (10 s by default; 0 for none). */
  heartbeatMs?: number;
}

export interface FakeServer {
  readonly clock: MovableClock;
  readonly engine: FhirEngine;
  readonly auth: AuthService;
  /** Bots: deploy, execute, subscriptions and the schedule. */
  readonly bots: BotService;
  /** Every e-mail the server sent (invitations, password resets, email/v1/send). */
  readonly mailbox: Mailbox;
  /** Websocket subscriptions and the FHIRcast hub; hosts hand it their websockets. */
  readonly realtime: RealtimeService;
  /** Bulk Data $export jobs. */
  readonly exports: ExportService;
  /** Each user's key-value store (keyvalue/v1). */
  readonly keyValues: KeyValueService;
  /** Answers an API request, or undefined when the path is not the server's (static files, say). */
  handle(request: Request): Promise<Response | undefined>;
  snapshot(): FakeServerState;
  /** Called after every change worth persisting. */
  subscribe(listener: () => void): () => void;
}

/** One fake FHIR server: the FHIR engine behind the auth service, hosted by msw or by Node's HTTP. */
export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  const clock = options.clock ?? new MovableClock();
  const operations = new OperationRegistry();
  let engine = createFhirEngine({ clock, basePath: FHIR_BASE_PATH, operations });
  let auth: AuthService;
  let bots: BotService | undefined;
  let realtime: RealtimeService | undefined;
  const listeners = new Set<() => void>();
  const notify = (): void => listeners.forEach((listener) => listener());
  let unsubscribers: (() => void)[] = [];
  const mailbox = new Mailbox(clock);
  mailbox.subscribe(notify);
  const keyValues = createKeyValueService();
  keyValues.onChange(notify);

  /** Builds the engine, auth and bots for a seed or a saved state, and swaps them in only when complete. */
  const build = (seedOption: FakeServerOptions['seed'], state: FakeServerState | undefined): void => {
    const nextEngine = createFhirEngine({ clock, basePath: FHIR_BASE_PATH, operations });
    let users: SeedData['users'] = [];
    mailbox.restore(state?.emails);
    keyValues.restore(state?.keyValues);
    if (state) {
      nextEngine.restore(state.engine);
    } else {
      const seed =
        seedOption === 'none'
          ? undefined
          : seedOption === undefined || seedOption === 'demo'
            ? buildSeed({ now: new Date(clock.now()) })
            : seedOption;
      if (seed) {
        nextEngine.load(seed);
        users = seed.users;
      }
    }
    const nextAuth = createAuthService({
      directory: nextEngine,
      users,
      clock,
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds,
      rememberVerifiedTokens: options.rememberVerifiedTokens,
      google: options.google,
      sendEmail: (email, origin) => mailbox.send(email, origin),
    });
    if (state) nextAuth.restore(state.auth);
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    if (state) clock.offset = state.clockOffsetMs;
    engine = nextEngine;
    auth = nextAuth;
    unsubscribers = [engine.subscribe(notify), auth.subscribe(notify)];
    bots?.dispose();
    bots = createBotService({
      engine,
      clock,
      basePath: FHIR_BASE_PATH,
      runner: options.botRunner,
      timeoutMs: options.botTimeoutMs,
    });
    realtime?.dispose();
    realtime = createRealtimeService({
      engine,
      clock,
      basePath: FHIR_BASE_PATH,
      heartbeatMs: options.heartbeatMs,
    });
  };
  build(options.seed, options.state);
  const exports = createExportService({ engine: () => engine, clock, basePath: FHIR_BASE_PATH });
  // Each area registers its operations ($name) here; the engine's router and the FHIR route find them.
  registerEngineOperations(operations);
  registerBotOperations(operations, () => currentBots().environment);
  registerExportOperations(operations, exports);
  registerRealtimeOperations(operations, () => currentRealtime());

  const controls: DevControlTarget = {
    clockOffset: () => clock.offset,
    async advanceClock(ms) {
      clock.advance(ms);
      await currentBots().tick();
      notify();
      return new Date(clock.now());
    },
    reset(caller) {
      const seed = options.seed === 'none' ? undefined : buildSeed({ now: new Date(clock.now()) });
      // A reset rebuilds the seeded projects only: an admin of a project someone registered (which
      // anyone may do) must not wipe the demo data, and nobody's reset touches a registered project.
      if (!seed?.projects.some((project) => project.id === caller.projectId)) {
        throw forbidden("Only an admin of one of the server's seeded projects may reset it");
      }
      const before = server.snapshot();
      build(seed, undefined);
      build(undefined, keepRegisteredProjects(server.snapshot(), before));
      notify();
    },
  };

  const currentBots = (): BotService => {
    if (!bots) throw new Error('The fake server is not built');
    return bots;
  };
  const currentRealtime = (): RealtimeService => {
    if (!realtime) throw new Error('The fake server is not built');
    return realtime;
  };

  const routes = serverRoutes({
    fhir: {
      basePath: FHIR_BASE_PATH,
      operations,
      async engine(request, context) {
        const botService = currentBots();
        const started = botService.started;
        const response = await engine.handle(request, context);
        if (botService.started !== started) await botService.settled(SUBSCRIPTION_WAIT_MS);
        return response;
      },
    },
    engine: () => engine,
    auth: () => auth,
    realtime: currentRealtime,
    exports,
    controls,
    mailbox,
    keyValues,
  });

  const server: FakeServer = {
    clock,
    get engine() {
      return engine;
    },
    get auth() {
      return auth;
    },
    get bots() {
      return currentBots();
    },
    mailbox,
    get realtime() {
      return currentRealtime();
    },
    exports,
    keyValues,
    handle: (request) => dispatch(routes, request, (caller) => auth.authenticate(caller)),
    snapshot() {
      return {
        version: 1,
        clockOffsetMs: clock.offset,
        engine: engine.snapshot(),
        auth: auth.snapshot(),
        emails: mailbox.snapshot(),
        keyValues: keyValues.snapshot(),
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return server;
}
