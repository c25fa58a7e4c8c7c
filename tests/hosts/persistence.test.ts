import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpHost } from '../../mocks/http/host';
import { signInByApi } from '../fixtures/api-sign-in';

let dir: string;
let dataFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carequeue-host-'));
  dataFile = join(dir, 'data.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function createPatient(baseUrl: string, family: string): Promise<string> {
  const session = await signInByApi(baseUrl, 'doctor@example.com');
  const response = await session.fetch('fhir/R4/Patient', {
    method: 'POST',
    body: JSON.stringify({ resourceType: 'Patient', name: [{ family }] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function patientStatus(baseUrl: string, id: string): Promise<number> {
  const session = await signInByApi(baseUrl, 'doctor@example.com');
  return (await session.fetch(`fhir/R4/Patient/${id}`)).status;
}

describe('the npm start host', () => {
  it('keeps a created patient across a restart', async () => {
    const first = await startHttpHost({ port: 0, dataFile });
    const id = await createPatient(first.url, 'Persisted');
    await first.close();
    const second = await startHttpHost({ port: 0, dataFile });
    expect(await patientStatus(second.url, id)).toBe(200);
    await second.close();
  });

  it('forgets everything but the seed when started with --reset', async () => {
    const first = await startHttpHost({ port: 0, dataFile });
    const id = await createPatient(first.url, 'Forgotten');
    await first.close();
    const second = await startHttpHost({ port: 0, dataFile, reset: true });
    expect(await patientStatus(second.url, id)).toBe(404);
    await second.close();
  });

  it('refuses to start on a damaged data file and leaves the file as it was', async () => {
    writeFileSync(dataFile, '{"version":1, truncated');
    await expect(startHttpHost({ port: 0, dataFile })).rejects.toThrow(/cannot be read.*--reset/s);
    expect(readFileSync(dataFile, 'utf8')).toBe('{"version":1, truncated');
  });

  it("serves the app's index.html for client-side routes and files as they are", async () => {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const host = await startHttpHost({ port: 0, staticDir: dist });
    const route = await fetch(new URL('Task/123/notes', host.url), { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    const asset = await fetch(new URL('assets/app-1234.js', host.url));
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(new URL('assets/missing.js', host.url))).status).toBe(404);
    expect((await fetch(new URL('..%2f..%2fetc%2fpasswd', host.url))).status).toBeGreaterThanOrEqual(400);
    await host.close();
  });
});
