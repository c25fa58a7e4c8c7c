import type { Binary, Bundle, Media } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { ALICE, device, type Device } from '../engine/testing/harness';
import { listeningFakeServer } from '../engine/testing/fake-server';
import type { UploadStatus } from './upload-status';
import { queueUpload as queueFile } from './testing/queue-upload';

const baseUrl = listeningFakeServer();

const FILE_TEXT = 'blood pressure log: 120/80';

/** The changes the timeline makes for an upload, queued on the device. */
const queueUpload = (target: Device): Promise<string> =>
  queueFile((change) => target.engine.applyChange(change), FILE_TEXT, 'log.txt', { reference: ALICE });

describe('file uploads', () => {
  it('a file attached offline is kept with its change and lands once, as a Binary the Media points to', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const statuses: UploadStatus[] = [];
    doctor.engine.onStatus((status) => status.upload && statuses.push(status.upload));
    for (const method of ['GET', 'POST', 'PATCH']) doctor.faults.inject(method, /./, 'offline', Infinity);
    const id = await queueUpload(doctor);

    const offline = await doctor.engine.syncNow();
    expect(offline.online).toBe(false);
    const waiting = await doctor.replica.transaction((tx) => tx.listOutbox());
    expect(waiting.map((entry) => entry.kind)).toEqual(['create', 'patch']);
    // The bytes wait in the outbox, not lost and not sent inline.
    expect(JSON.stringify(waiting[1]?.operations)).toContain(btoa(FILE_TEXT));
    expect(doctor.faults.count('POST', /Binary/)).toBe(0);

    // Back online, but the upload itself is cut off: the Media waits on the server in preparation.
    doctor.faults.clear();
    doctor.faults.inject('POST', /\/Binary/, 'offline', Infinity);
    doctor.clock.advance(10 * 60_000);
    const cut = await doctor.engine.syncNow();
    expect(cut.upload?.error).toBe('Failed to fetch');
    expect(cut.pending).toBe(1);
    const preparing = await doctor.replica.transaction(
      async (tx) =>
        (await tx.getResource((await tx.keysOfType('Media'))[0] ?? ''))?.server as Media | undefined
    );
    expect(preparing?.status).toBe('preparation');
    const cutTries = doctor.faults.count('POST', /Binary/);

    doctor.faults.clear();
    doctor.clock.advance(10 * 60_000);
    const back = await doctor.engine.syncNow();
    expect(back.pending).toBe(0);
    expect(doctor.faults.count('POST', /Binary/)).toBe(cutTries + 1);

    expect(await doctor.replica.transaction((tx) => tx.listOutbox())).toEqual([]);
    const records = await doctor.replica.transaction((tx) => tx.keysOfType('Media'));
    expect(records).toHaveLength(1);
    const record = await doctor.replica.transaction((tx) => tx.getResource(records[0] ?? ''));
    const landed = record?.server as Media;
    expect(landed.id).not.toBe(id);
    expect(landed.status).toBe('completed');
    expect(landed.content.data).toBeUndefined();
    expect(landed.content.title).toBe('log.txt');
    const binaryId = /Binary\/([^/]+)$/.exec(landed.content.url ?? '')?.[1] ?? '';
    const binary = await doctor.server.read<Binary>('Binary', binaryId, { noCache: true });
    expect(atob(binary.data ?? '')).toBe(FILE_TEXT);
    // Created in preparation first, then completed: two versions on the server.
    const history = await doctor.server.get<Bundle>(doctor.server.url(`Media/${landed.id ?? ''}/_history`), {
      noCache: true,
    });
    expect(history.entry?.map((entry) => (entry.resource as Media).status).reverse()).toEqual([
      'preparation',
      'completed',
    ]);
    expect(statuses.at(-1)).toMatchObject({ done: true, loaded: FILE_TEXT.length, total: FILE_TEXT.length });
  });

  it('a file the server refuses is kept as a failed change with the server words', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    doctor.faults.inject(
      'POST',
      /\/fhir\/R4\/Binary/,
      () =>
        Response.json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'too-costly', details: { text: 'File too large' } }],
          },
          { status: 413 }
        ),
      1
    );
    await queueUpload(doctor);
    const status = await doctor.engine.syncNow();
    expect(status.failed).toBe(1);
    const failed = (await doctor.replica.transaction((tx) => tx.listOutbox())).find(
      (entry) => entry.state === 'failed'
    );
    expect(failed?.error).toBe('File too large');
    expect(status.upload?.error).toBe('File too large');
  });
});
