/**
 * The browser half of bench/drafts.bench.ts: a form's draft kept in the replica's meta table, as the
 * app keeps it. Times the main-thread part of the write a pause in typing makes (serialising the
 * value and handing it to IndexedDB), the write until durable, and the read a form waits for when it
 * opens. Served by Vite and driven from Node; see drafts.bench.ts.
 */
import { ReplicaDatabase } from '../src/db/database';
import { metaTableStorage } from '../src/db/kv-storage';
import { DraftStore } from '../src/ui/drafts/draft-store';
import { summarize, type Summary } from './stats';

export interface DraftsBenchResult {
  /** What one write keeps, in characters of JSON. */
  size: number;
  /**
   * Main-thread time of a write: serialising the value as the draft store does and the storage's
   * call into IndexedDB, until it returns its promise (the put itself runs on IndexedDB's thread).
   */
  writeCall: Summary;
  /** From the call until the draft is durable (IndexedDB's own thread does most of it). */
  writeDurable: Summary;
  /** Reading the draft back when the form opens (the form waits for it). */
  restore: Summary;
}

/** A resource form's value: a Patient with names, contacts and a long free-text extension. */
function draftValue(round: number): unknown {
  return {
    resourceType: 'Patient',
    id: 'bench-patient',
    name: [{ given: ['Ann', 'Marie'], family: `Lee ${round}` }],
    telecom: Array.from({ length: 10 }, (_, i) => ({ system: 'phone', value: `555-01${i}` })),
    address: [{ line: ['1 Main St'], city: 'Springfield', postalCode: '12345' }],
    extension: [{ url: 'http://example.org/note', valueString: 'x'.repeat(2000 + round) }],
  };
}

export async function runDraftsBench(runs: number): Promise<DraftsBenchResult> {
  const name = `bench-drafts-${Date.now()}`;
  const db = new ReplicaDatabase({ name });
  await db.open();
  try {
    const storage = metaTableStorage(db);
    const store = new DraftStore(storage);
    const key = DraftStore.key('Practitioner/bench', 'edit:Patient/bench-patient');
    const writeCall: number[] = [];
    const writeDurable: number[] = [];
    const restore: number[] = [];
    // Warm-up: the first transaction opens the store.
    await store.write(key, draftValue(0));
    await store.read(key);
    for (let round = 1; round <= runs; round++) {
      const value = draftValue(round);
      const call = performance.now();
      const direct = storage.set(key, JSON.stringify({ value, keptAt: new Date().toISOString() }));
      writeCall.push(performance.now() - call);
      await direct;
      const start = performance.now();
      await store.write(key, value);
      writeDurable.push(performance.now() - start);
      const opened = performance.now();
      await store.read(key);
      restore.push(performance.now() - opened);
    }
    return {
      size: JSON.stringify(draftValue(runs)).length,
      writeCall: summarize(writeCall),
      writeDurable: summarize(writeDurable),
      restore: summarize(restore),
    };
  } finally {
    db.close();
    indexedDB.deleteDatabase(name);
  }
}
