import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FhirEngine } from '@mocks/engine/engine';
import type { SavedSearchIndex } from '@mocks/engine/store';
import type { FakeServer, FakeServerState } from '@mocks/server';
import { JournalWriter, readJournal, truncateJournal, type JournalOptions } from './journal';
import { replay, versionsJson, versionsRecord, type JournalRecord } from './journal-records';
import {
  readDataFile,
  writeSnapshotFile,
  writeSnapshotFileInSteps,
  type SnapshotFile,
} from './snapshot-file';

/** By default a journal is folded into a new snapshot once it outgrows the snapshot and this floor. */
const MIN_COMPACTION_BYTES = 8 * 1024 * 1024;

/**
 * The `npm start` host's storage: a snapshot file (the whole state, replaced atomically) plus an
 * append-only journal of every change committed since. A write costs one journal record the size of
 * the change and an fsync shared with the writes committed at the same moment; the host answers only
 * after durable() resolves. Restarting loads the snapshot and replays the journal.
 *
 * Files: `<data>` (snapshot), `<data>.journal.<generation>` (journals). Compaction writes a snapshot
 * that includes every journal before generation N, renames it into place, then deletes those
 * journals; a crash at any step leaves a snapshot and journals that replay to the same state.
 */
export class DurableStore {
  private journal: JournalWriter | undefined;
  private generation: number;
  /** Every journal still open or not yet folded into the snapshot in place, with its generation. */
  private readonly journals = new Map<JournalWriter, number>();
  /** The generation of the snapshot in place (it holds every journal before it). */
  private snapshotGeneration = 0;
  /** A snapshot being written in steps while requests go on. */
  private compaction: Promise<void> | undefined;
  private snapshotBytes = 0;
  private failure: Error | undefined;
  private stopServer: (() => void) | undefined;
  private stopFollowing: (() => void)[] = [];
  private engine: FhirEngine | undefined;
  private auth: FakeServer['auth'] | undefined;
  private knownProjects = new Set<string>();
  private clockOffset = 0;
  private authChanged = false;

  private constructor(
    readonly path: string,
    generation: number,
    private readonly compactAtBytes: number | undefined,
    private readonly journalOptions: JournalOptions
  ) {
    this.generation = generation;
  }

  /**
   * Reads the saved state (snapshot plus journals), or undefined when there is none. The journal is
   * folded into a new snapshot once it outgrows `compactAtBytes`, by default once it outgrows both the
   * snapshot and a floor (so replaying it never costs more than loading the snapshot).
   */
  static load(
    path: string,
    options: { compactAtBytes?: number; journal?: JournalOptions } = {}
  ): {
    store: DurableStore;
    state: FakeServerState | undefined;
    /** Each project's search indexes saved with the snapshot (see FhirEngine.useSavedSearchIndexes). */
    searchIndexes: Record<string, readonly SavedSearchIndex[]>;
  } {
    let snapshot: SnapshotFile | undefined;
    let snapshotBytes = 0;
    if (existsSync(path)) ({ state: snapshot, bytes: snapshotBytes } = readDataFile(path));
    const first = snapshot?.journalGeneration ?? 0;
    const generations = journalGenerations(path);
    const state = snapshot;
    for (const generation of generations) {
      const file = journalPath(path, generation);
      if (generation < first) {
        // Already folded into the snapshot by a compaction that stopped before deleting it.
        rmSync(file, { force: true });
        continue;
      }
      const contents = readJournal<JournalRecord>(file);
      if (contents.validBytes < contents.totalBytes) truncateJournal(file, contents.validBytes);
      if (contents.records.length > 0) {
        if (!state)
          throw new Error(`A journal (${basename(file)}) is there but no snapshot to replay it onto`);
        for (const record of contents.records) replay(state, record);
      }
    }
    const store = new DurableStore(
      path,
      Math.max(first, ...generations),
      options.compactAtBytes,
      options.journal ?? {}
    );
    store.snapshotBytes = snapshotBytes;
    store.snapshotGeneration = first;
    return {
      store,
      state: state && withoutGeneration(state),
      searchIndexes: state?.searchIndexes ?? {},
    };
  }

  /** Removes the snapshot and every journal (start from the seed). */
  static remove(path: string): void {
    rmSync(path, { force: true });
    for (const generation of journalGenerations(path)) rmSync(journalPath(path, generation), { force: true });
  }

  /**
   * Starts journalling the server's changes. With `fresh` (nothing was loaded), the current state is
   * first written as the snapshot, with search indexes built for it.
   */
  attach(fake: FakeServer, fresh: boolean): void {
    mkdirSync(dirname(this.path), { recursive: true });
    removeUnfinishedSnapshots(this.path);
    if (fresh) {
      this.generation++;
      this.writeSnapshotNow(withIndexes(fake, true), this.generation);
    }
    this.openJournal(this.generation);
    this.follow(fake);
    const stopServer = fake.subscribe(() => this.noteServerChange(fake));
    // The mailbox and the key-value store outlive a reseed: followed once.
    const stopMail = fake.mailbox.onSent((email) => this.record({ kind: 'email', email }));
    const stopValues = fake.keyValues.onChange((change) => this.record({ kind: 'keyvalue', change }));
    this.stopServer = () => {
      stopServer();
      stopMail();
      stopValues();
    };
  }

  /** Resolves when every change committed before the call is on disk; rejects if it cannot be. */
  async durable(): Promise<void> {
    this.recordAuth();
    if (this.failure) throw this.failure;
    await Promise.all([...this.journals.keys()].map((journal) => journal.sync()));
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    this.stopServer?.();
    for (const stop of this.stopFollowing.splice(0)) stop();
    await this.compaction;
    await Promise.all([...this.journals.keys()].map((journal) => journal.close()));
    this.journals.clear();
  }

  /** Subscribes to the current engine and auth service (they are replaced when the server reseeds). */
  private follow(fake: FakeServer): void {
    this.engine = fake.engine;
    this.auth = fake.auth;
    this.knownProjects = new Set(fake.engine.projectIds());
    this.clockOffset = fake.clock.offset;
    this.authChanged = false;
    // What changed before now is in the state loaded or in the snapshot just written.
    fake.auth.takeChanges();
    const engineStop = fake.engine.onChange((change) => this.record(versionsRecord(change)));
    const authStop = fake.auth.subscribe(() => {
      // Told after each auth change; recorded at the end of the same tick, once however many.
      if (this.authChanged) return;
      this.authChanged = true;
      queueMicrotask(() => this.recordAuth());
    });
    this.stopFollowing = [engineStop, authStop];
  }

  /** Records the auth records changed since the last time: a sign-in costs its own records only. */
  private recordAuth(): void {
    if (!this.authChanged || !this.auth) return;
    this.authChanged = false;
    const changes = this.auth.takeChanges();
    const count = Object.values(changes).reduce(
      (sum, kind) => sum + kind.saved.length + kind.removed.length,
      0
    );
    if (count > 0) this.record({ kind: 'auth-changes', changes });
  }

  /** Whatever changed beside resource versions: a reseed, a new project, the clock. */
  private noteServerChange(fake: FakeServer): void {
    if (fake.engine !== this.engine || fake.auth !== this.auth) {
      // The server was rebuilt from the seed: the new state replaces all that came before.
      for (const stop of this.stopFollowing.splice(0)) stop();
      this.follow(fake);
      this.compactNow(fake);
      return;
    }
    if (this.authChanged) this.recordAuth();
    for (const id of fake.engine.projectIds()) {
      if (this.knownProjects.has(id)) continue;
      this.knownProjects.add(id);
      const project = fake.engine.project(id);
      if (project) this.record({ kind: 'project', id: project.id, name: project.name });
    }
    if (fake.clock.offset !== this.clockOffset) {
      this.clockOffset = fake.clock.offset;
      this.record({ kind: 'clock', offsetMs: this.clockOffset });
    }
    const threshold = this.compactAtBytes ?? Math.max(MIN_COMPACTION_BYTES, this.snapshotBytes);
    if (this.journal && this.journal.bytes > threshold && !this.compaction) {
      this.compactInSteps(fake);
    }
  }

  private record(record: JournalRecord): void {
    if (record.kind === 'versions') {
      // A version may be for a project created in the same tick: its record goes first.
      if (!this.knownProjects.has(record.projectId) && this.engine) {
        const project = this.engine.project(record.projectId);
        this.knownProjects.add(record.projectId);
        if (project) this.journal?.append({ kind: 'project', id: project.id, name: project.name });
      }
    }
    this.journal?.append(record, record.kind === 'versions' ? versionsJson(record) : undefined);
  }

  /**
   * Takes the state (and its search indexes; with `build`, built where missing) as it is now and
   * starts a new journal for what follows, in one go, so that no change slips between the two;
   * answers the new journal's generation. The older journals stay until a snapshot of at least this
   * generation is in place.
   */
  private rotate(fake: FakeServer, build: boolean): { state: SnapshotFile; generation: number } {
    const state = withIndexes(fake, build);
    this.generation++;
    this.openJournal(this.generation);
    return { state, generation: this.generation };
  }

  /**
   * Folds the journals into a new snapshot while requests go on: the state is taken and a new journal
   * started at once, then the snapshot is written a chunk at a time beside the data file, flushed,
   * and renamed over it; only then are the older journals deleted. A crash before the rename leaves
   * the old snapshot and every journal, which replay to the same state.
   */
  private compactInSteps(fake: FakeServer): void {
    // The indexes built or loaded so far are saved; building others would stop the host meanwhile.
    const { state, generation } = this.rotate(fake, false);
    const temporary = `${this.path}.${process.pid}.${generation}.tmp`;
    this.compaction = writeSnapshotFileInSteps(temporary, { ...state, journalGeneration: generation })
      .then((bytes) => {
        // A reseed wrote a newer snapshot meanwhile: this one is out of date.
        if (this.snapshotGeneration >= generation) return rmSync(temporary, { force: true });
        this.putInPlace(temporary, generation, bytes);
      })
      .catch((error: unknown) => {
        rmSync(temporary, { force: true });
        // The old snapshot and the journals still hold everything: writes go on, a later one retries.
        console.error('fake server host: the journal could not be folded into a snapshot', error);
      })
      .finally(() => (this.compaction = undefined));
  }

  /**
   * Folds everything so far into a new snapshot before anything else happens (after a reseed, whose
   * new state must be on disk before the changes that follow it are journalled).
   */
  private compactNow(fake: FakeServer): void {
    try {
      const { state, generation } = this.rotate(fake, true);
      this.writeSnapshotNow(state, generation);
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      console.error('fake server host: the data could not be saved', error);
    }
  }

  private openJournal(generation: number): void {
    const journal = new JournalWriter(journalPath(this.path, generation), this.journalOptions);
    this.journals.set(journal, generation);
    this.journal = journal;
  }

  /** Replaces the snapshot atomically: written beside it, flushed to disk, renamed over it. */
  private writeSnapshotNow(state: SnapshotFile, generation: number): void {
    const temporary = `${this.path}.${process.pid}.${generation}.tmp`;
    const bytes = writeSnapshotFile(temporary, { ...state, journalGeneration: generation });
    syncPath(temporary);
    this.putInPlace(temporary, generation, bytes);
  }

  /** Renames a flushed snapshot over the data file, then deletes the journals it holds. */
  private putInPlace(temporary: string, generation: number, bytes: number): void {
    renameSync(temporary, this.path);
    syncPath(dirname(this.path));
    this.snapshotGeneration = generation;
    this.snapshotBytes = bytes;
    for (const [journal, journalGeneration] of this.journals) {
      if (journalGeneration >= generation) continue;
      // Its records are in the snapshot; anyone waiting on them is answered once it closes.
      void journal.close().then(() => {
        rmSync(journal.path, { force: true });
        this.journals.delete(journal);
      });
    }
  }
}

function withoutGeneration(state: SnapshotFile): FakeServerState {
  const { journalGeneration: _generation, searchIndexes: _indexes, ...rest } = state;
  return rest;
}

/** The server's state and its search indexes, taken at the same moment. */
function withIndexes(fake: FakeServer, build: boolean): SnapshotFile {
  return { ...fake.snapshot(), searchIndexes: fake.engine.exportSearchIndexes(build) };
}

function journalPath(path: string, generation: number): string {
  return `${path}.journal.${generation}`;
}

/** The generations of the journals beside a data file, oldest first. */
function journalGenerations(path: string): number[] {
  const dir = dirname(path);
  const prefix = `${basename(path)}.journal.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)))
    .sort((a, b) => a - b);
}

/** Deletes snapshots a stopped process left half-written beside the data file (never renamed, so never used). */
function removeUnfinishedSnapshots(path: string): void {
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(join(dirname(path), name), { force: true });
  }
}

/** fsync of a file or directory, so a rename or a new file survives a power cut. */
function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
