import { REPLICA_DATABASE_NAME } from '@/db/schema';

/** One account signed in on this device: its own replica database, and who it is once signed in. */
export interface DeviceAccount {
  database: string;
  /** 'Alice Smith' once signed in; unset while the sign-in is not finished (or after signing out). */
  label?: string;
  /** The project's name, to tell apart one person's accounts in two projects. */
  project?: string;
}

interface AccountsState {
  active: string;
  accounts: DeviceAccount[];
}

/** Where the accounts of this device are listed (the page's local storage). */
export const ACCOUNTS_KEY = 'carequeue.accounts';

/** The part of Web Storage the registry uses. */
export type AccountsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Pages where a visitor is on the way to signing in: an empty account stays active there. */
const SIGN_IN_PATHS = ['/signin', '/register', '/resetpassword', '/setpassword'];

/**
 * The accounts signed in on this device. Each has its own replica (an IndexedDB database, and with
 * it its own session tokens, outbox, sync worker and locks), so switching between them signs no one
 * out and no account sees another's data. The first account keeps the database 'carequeue'.
 */
export class DeviceAccounts {
  constructor(
    private readonly storage: AccountsStorage,
    private readonly newDatabase: () => string = () =>
      `${REPLICA_DATABASE_NAME}-${Math.random().toString(36).slice(2, 10)}`
  ) {}

  private read(): AccountsState {
    try {
      const parsed = JSON.parse(this.storage.getItem(ACCOUNTS_KEY) ?? 'null') as AccountsState | null;
      if (parsed && typeof parsed.active === 'string' && Array.isArray(parsed.accounts)) return parsed;
    } catch {
      // A damaged entry starts over with the first account.
    }
    return { active: REPLICA_DATABASE_NAME, accounts: [{ database: REPLICA_DATABASE_NAME }] };
  }

  private write(state: AccountsState): void {
    this.storage.setItem(ACCOUNTS_KEY, JSON.stringify(state));
  }

  /** The database of the account the app opens. */
  active(): string {
    return this.read().active;
  }

  list(): DeviceAccount[] {
    return this.read().accounts;
  }

  /** The other accounts that are signed in, to switch to. */
  others(): DeviceAccount[] {
    const { active, accounts } = this.read();
    return accounts.filter((account) => account.database !== active && account.label);
  }

  /**
   * At start-up: an account whose sign-in was left unfinished gives way to a signed-in one, unless
   * the visitor is on a sign-in page; and unfinished accounts that are not active are dropped.
   */
  settle(pathname: string): string {
    const state = this.read();
    const current = state.accounts.find((account) => account.database === state.active);
    const signingIn = SIGN_IN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
    const fallback = state.accounts.find((account) => account.label && account.database !== state.active);
    if (!current?.label && !signingIn && fallback) state.active = fallback.database;
    state.accounts = state.accounts.filter(
      (account) =>
        account.label || account.database === state.active || account.database === REPLICA_DATABASE_NAME
    );
    if (!state.accounts.some((account) => account.database === state.active)) {
      state.accounts.push({ database: state.active });
    }
    this.write(state);
    return state.active;
  }

  /** Records who signed in to the active account. */
  signedIn(label: string, project?: string): void {
    const state = this.read();
    state.accounts = state.accounts.map((account) =>
      account.database === state.active
        ? { database: account.database, label, ...(project ? { project } : {}) }
        : account
    );
    this.write(state);
  }

  /** The active account signed out: its replica is empty, and it is offered no more. */
  signedOut(): void {
    const state = this.read();
    state.accounts = state.accounts.map((account) =>
      account.database === state.active ? { database: account.database } : account
    );
    this.write(state);
  }

  /** A new, empty account becomes active (its database is made when the app opens it). */
  add(): string {
    const state = this.read();
    const reusable = state.accounts.find((account) => !account.label && account.database !== state.active);
    const database = reusable?.database ?? this.newDatabase();
    if (!reusable) state.accounts.push({ database });
    state.active = database;
    this.write(state);
    return database;
  }

  switchTo(database: string): void {
    const state = this.read();
    if (!state.accounts.some((account) => account.database === database)) return;
    state.active = database;
    this.write(state);
  }
}
