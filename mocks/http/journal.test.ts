import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalWriter, readJournal } from './journal';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carequeue-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the journal writer', () => {
  it('does not pay one fsync per writer: 500 concurrent writers share a few, and every record is on disk', async () => {
    const path = join(dir, 'journal');
    const journal = new JournalWriter(path);
    const writers = Array.from({ length: 500 }, async (_, n) => {
      // Writers arrive over a few turns of the event loop, as requests do.
      if (n % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      journal.append({ n });
      await journal.sync();
      return n;
    });
    expect(await Promise.all(writers)).toHaveLength(500);
    expect(journal.fsyncs).toBeGreaterThan(0);
    expect(journal.fsyncs).toBeLessThanOrEqual(20);
    expect(
      readJournal<{ n: number }>(path)
        .records.map((record) => record.n)
        .sort((a, b) => a - b)
    ).toEqual(Array.from({ length: 500 }, (_, n) => n));
    await journal.close();
  });

  it('answers a writer only once its own record is durable, even when it arrives during an fsync', async () => {
    const path = join(dir, 'journal');
    const journal = new JournalWriter(path);
    journal.append({ n: 1 });
    const first = journal.sync();
    journal.append({ n: 2 });
    const second = journal.sync();
    await first;
    await second;
    expect(journal.hasUnsynced).toBe(false);
    expect(readJournal<{ n: number }>(path).records).toEqual([{ n: 1 }, { n: 2 }]);
    await journal.close();
  });

  it('rejects the writers of a group whose flush failed, and every writer after them', async () => {
    const path = join(dir, 'journal');
    let flushes = 0;
    const journal = new JournalWriter(path, {
      datasync: () => {
        flushes++;
        return Promise.reject(new Error('EIO'));
      },
    });
    journal.append({ n: 1 });
    const first = journal.sync();
    journal.append({ n: 2 });
    const second = journal.sync();
    await expect(first).rejects.toThrow('EIO');
    await expect(second).rejects.toThrow('EIO');
    journal.append({ n: 3 });
    await expect(journal.sync()).rejects.toThrow('EIO');
    expect(flushes).toBe(1);
    expect(journal.fsyncs).toBe(0);
    expect(journal.hasUnsynced).toBe(true);
    await journal.close();
  });
});
