import { describe, expect, it } from 'vitest';
import { describePersistence, describeUsage, formatBytes, readStorageInfo } from './storage';

describe('storage shown in the user menu', () => {
  it('formats sizes for people', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('reads usage, quota and persistence, and says what it does not know', async () => {
    const info = await readStorageInfo({
      estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 1024 ** 3 }),
      persisted: async () => true,
    });
    expect(describeUsage(info)).toBe('Using 5 MB of 1 GB');
    expect(describePersistence(info)).toBe('Persistent storage');
    expect(describePersistence({ persisted: false })).toMatch(/^Not persistent/);
    expect(describeUsage(await readStorageInfo(undefined))).toBe('Storage use unknown');
  });
});
