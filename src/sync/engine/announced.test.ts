import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { AnnouncedVersions } from './announced';
import { acceptServerVersions } from './record';

const task = (versionId: string): Task => ({
  resourceType: 'Task',
  id: 't1',
  status: 'ready',
  intent: 'order',
  meta: { versionId, lastUpdated: '2026-11-27T10:00:00.000Z' },
});

describe('announced versions', () => {
  it("need no pull when the replica holds each announced version as the server's, and are forgotten once taken", async () => {
    const replica = new MemoryReplicaStore();
    await replica.transaction((tx) => acceptServerVersions(tx, [task('2')]));
    const announced = new AnnouncedVersions();
    expect(announced.any).toBe(false);
    announced.note(task('2'));
    expect(announced.any).toBe(true);
    expect(await announced.takeUnheld(replica)).toBe(false);
    expect(announced.any).toBe(false);
  });

  it('need a pull for a version the replica does not hold, or an announcement that names none', async () => {
    const replica = new MemoryReplicaStore();
    await replica.transaction((tx) => acceptServerVersions(tx, [task('2')]));
    const announced = new AnnouncedVersions();
    announced.note(task('3'));
    expect(await announced.takeUnheld(replica)).toBe(true);
    announced.note(task('2'));
    announced.note(undefined);
    expect(await announced.takeUnheld(replica)).toBe(true);
    expect(await announced.takeUnheld(replica)).toBe(false);
  });
});
