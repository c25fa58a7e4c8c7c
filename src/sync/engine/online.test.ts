import { describe, expect, it, vi } from 'vitest';
import { doctorHoldingTask, type Device, type Fault } from './testing/harness';
import { listeningFakeServer } from './testing/fake-server';

const baseUrl = listeningFakeServer();
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every request of the device meets `fault`. */
function everyRequest(device: Device, fault: Fault): void {
  for (const method of METHODS) device.faults.inject(method, /./, fault, Infinity);
}

/** The device has lost its signal: a run found the server unreachable and ended. */
async function afterAnOfflineRun(offset: number): Promise<Device> {
  const { doctor } = await doctorHoldingTask(baseUrl, offset);
  everyRequest(doctor, 'offline');
  await doctor.engine.syncNow();
  expect(doctor.engine.status()).toMatchObject({ online: false, syncing: false });
  doctor.faults.clear();
  return doctor;
}

describe('the online flag after the signal comes back', () => {
  it('says online as soon as the first request is answered, while the run still goes on; the run done says so', async () => {
    const doctor = await afterAnOfflineRun(70);
    // The first request is answered (status and headers) at once, but its body comes only when
    // the test lets it go: the run cannot get past it, while the server has been heard from.
    let release = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    everyRequest(doctor, async (url, init) => {
      const answer = await globalThis.fetch(url, init);
      if (++requests > 1) return answer;
      const body = await answer.arrayBuffer();
      const slowBody = new ReadableStream<Uint8Array>({
        async start(controller) {
          await later;
          controller.enqueue(new Uint8Array(body));
          controller.close();
        },
      });
      return new Response(slowBody, { status: answer.status, headers: answer.headers });
    });

    const run = doctor.engine.syncNow();
    await vi.waitFor(() => expect(doctor.engine.status()).toMatchObject({ online: true, syncing: true }), {
      timeout: 1_000,
    });
    release();
    expect(await run).toMatchObject({ online: true, syncing: false });
    expect(doctor.engine.status()).toMatchObject({ online: true, syncing: false });
  });

  it('says online when the server answers, even with an error: it could be reached', async () => {
    const doctor = await afterAnOfflineRun(71);
    everyRequest(doctor, () =>
      Response.json(
        { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'transient' }] },
        { status: 503 }
      )
    );
    expect(await doctor.engine.syncNow()).toMatchObject({ online: true, syncing: false });
  });
});
