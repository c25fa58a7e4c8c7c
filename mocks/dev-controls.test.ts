import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '../tests/fixtures/api-sign-in';
import { signUpByApi } from '../tests/fixtures/api-sign-up';
import { createFakeServer, type FakeServer } from './server';

const BASE = 'http://localhost/';
const MINUTE = 60_000;

describe('the developer controls (/$fake/clock, /$fake/reset)', () => {
  let fake: FakeServer;
  let fetchImpl: typeof fetch;
  let doctor: ApiSession;

  const control = (path: string, init: RequestInit): Promise<Response> =>
    fetchImpl(`${BASE}$fake/${path}`, { method: 'POST', ...init });
  const asAdmin = (token: string, body: unknown): RequestInit => ({
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const outcomeText = async (response: Response): Promise<string | undefined> =>
    ((await response.json()) as OperationOutcome).issue?.[0]?.details?.text;
  const patientsNamed = async (family: string): Promise<number> =>
    ((await (await doctor.fetch(`fhir/R4/Patient?family=${family}&_summary=count`)).json()) as Bundle)
      .total ?? 0;

  beforeEach(async () => {
    fake = createFakeServer();
    fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
      (await fake.handle(new Request(input, init))) ??
      new Response('Not found', { status: 404 })) as typeof fetch;
    doctor = await signInByApi(BASE, 'doctor@example.com', { fetchImpl });
    await doctor.fetch('fhir/R4/Patient', {
      method: 'POST',
      body: JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Keepme' }] }),
    });
  });
  afterEach(() => fake.bots.dispose());

  it('does not let any page wipe the data: a reset without a token is a 401 and nothing changes', async () => {
    const response = await control('reset', { headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(response.status).toBe(401);
    expect((await response.json()).resourceType).toBe('OperationOutcome');
    expect(await patientsNamed('Keepme')).toBe(1);
  });

  it('does not take a text/plain body (what a cross-site form sends) even with a token', async () => {
    const response = await control('reset', {
      headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${doctor.accessToken}` },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await outcomeText(response)).toMatch(/JSON body/);
    expect(await patientsNamed('Keepme')).toBe(1);
  });

  it("refuses a user who is not a project admin with the server's 403 words", async () => {
    const nurse = await signInByApi(BASE, 'nurse@example.com', { fetchImpl });
    const response = await control('clock', asAdmin(nurse.accessToken, { advanceMs: MINUTE }));
    expect(response.status).toBe(403);
    expect(await outcomeText(response)).toBe('Only a project admin may use the developer controls');
    const reset = await control('reset', asAdmin(nurse.accessToken, {}));
    expect(reset.status).toBe(403);
    expect(await patientsNamed('Keepme')).toBe(1);
  });

  it('does not break sign-in with a huge clock move: 1e300 ms is a 400 and the clock stays put', async () => {
    const before = fake.clock.offset;
    const response = await control('clock', asAdmin(doctor.accessToken, { advanceMs: 1e300 }));
    expect(response.status).toBe(400);
    expect(await outcomeText(response)).toMatch(/advanceMs must be a number of milliseconds from 0 to/);
    expect(fake.clock.offset).toBe(before);
    const again = await signInByApi(BASE, 'nurse@example.com', { fetchImpl });
    expect((await again.fetch('fhir/R4/Patient?_count=1')).status).toBe(200);
    expect(() => fake.snapshot()).not.toThrow();
  });

  it('refuses a clock move that is negative, not a number, or missing', async () => {
    for (const body of [{ advanceMs: -1 }, { advanceMs: '900000' }, {}, { advanceMs: null }, []]) {
      const response = await control('clock', asAdmin(doctor.accessToken, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).resourceType).toBe('OperationOutcome');
    }
    const notJson = await control('clock', {
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${doctor.accessToken}` },
      body: '{advanceMs:',
    });
    expect(notJson.status).toBe(400);
  });

  it("moves the clock for a project admin and answers the server's new time", async () => {
    const before = fake.clock.now();
    const response = await control('clock', asAdmin(doctor.accessToken, { advanceMs: 15 * MINUTE }));
    expect(response.status).toBe(200);
    const { now } = (await response.json()) as { now: string };
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(15 * MINUTE);
  });

  it('reseeds for a project admin, dropping what was added since', async () => {
    const response = await control('reset', asAdmin(doctor.accessToken, {}));
    expect(response.status).toBe(200);
    doctor = await signInByApi(BASE, 'doctor@example.com', { fetchImpl });
    expect(await patientsNamed('Keepme')).toBe(0);
  });

  it("does not let the admin of a project someone registered wipe the server's data", async () => {
    const stranger = await signUpByApi(BASE, { fetchImpl, projectName: 'Stranger Clinic' });
    const response = await control('reset', asAdmin(stranger.accessToken, {}));
    expect(response.status).toBe(403);
    expect(await outcomeText(response)).toBe(
      "Only an admin of one of the server's seeded projects may reset it"
    );
    expect(await patientsNamed('Keepme')).toBe(1);
  });

  it("keeps a registered project's data and its admin's sign-in through a demo admin's reset", async () => {
    const other = await signUpByApi(BASE, { fetchImpl, projectName: 'Other Clinic' });
    const created = await other.fetch('fhir/R4/Patient', {
      method: 'POST',
      body: JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Theirs' }] }),
    });
    expect(created.status).toBe(201);
    expect((await other.fetch('keyvalue/v1/theme', { method: 'PUT', body: 'dark' })).status).toBe(204);
    expect((await control('reset', asAdmin(doctor.accessToken, {}))).status).toBe(200);

    const again = await signInByApi(BASE, other.email, { fetchImpl, password: other.password });
    const theirs = (await (await again.fetch('fhir/R4/Patient?family=Theirs')).json()) as Bundle;
    expect(theirs.entry).toHaveLength(1);
    expect(await (await again.fetch('keyvalue/v1/theme')).text()).toBe('dark');
    doctor = await signInByApi(BASE, 'doctor@example.com', { fetchImpl });
    expect(await patientsNamed('Keepme')).toBe(0);
    expect(await patientsNamed('Theirs')).toBe(0);
  });

  it('answers an unknown control or method with a 4xx OperationOutcome', async () => {
    expect((await control('nothing', asAdmin(doctor.accessToken, {}))).status).toBe(404);
    const get = await fetchImpl(`${BASE}$fake/clock`, {
      headers: { Authorization: `Bearer ${doctor.accessToken}` },
    });
    expect(get.status).toBe(405);
    expect((await get.json()).resourceType).toBe('OperationOutcome');
  });
});
