import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, BundleEntry, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import type { ConnectedHost } from './contract';

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string }[];
}

const outcomeText = async (response: Response): Promise<string> => {
  const outcome = (await response.json()) as OperationOutcome;
  expect(outcome.resourceType).toBe('OperationOutcome');
  return outcome.issue?.map((issue) => issue.details?.text ?? '').join(' ') ?? '';
};

/**
 * The rest of Medplum's API that a client written for Medplum expects, and the rules a real Medplum
 * server enforces: run once against msw/node and once over real HTTP, on freshly seeded demo data.
 */
export function platformContract(hostName: string, connect: () => Promise<ConnectedHost>): void {
  describe(`the fake server's Medplum API over ${hostName}`, () => {
    let host: ConnectedHost;
    let doctor: ApiSession;
    const fhir = (path: string, init?: RequestInit): Promise<Response> =>
      doctor.fetch(`fhir/R4/${path}`, init);
    const transaction = (entry: BundleEntry[]): Promise<Response> =>
      fhir('', {
        method: 'POST',
        body: JSON.stringify({ resourceType: 'Bundle', type: 'transaction', entry }),
      });

    /** Kicks an export off and polls its status URL until the manifest comes. */
    async function exportToManifest(path: string, session = doctor): Promise<Manifest> {
      const kickoff = await session.fetch(`fhir/R4/${path}`, {
        method: 'POST',
        headers: { Prefer: 'respond-async' },
      });
      expect(kickoff.status, await kickoff.clone().text()).toBe(202);
      const statusUrl = kickoff.headers.get('content-location') as string;
      expect(statusUrl).toMatch(/\/fhir\/R4\/job\/[^/]+\/status$/);
      for (let poll = 0; poll < 500; poll++) {
        const status = await session.fetch(statusUrl);
        if (status.status === 202) {
          expect(status.headers.get('x-progress')).toMatch(/of \d+ resource types/);
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        expect(status.status).toBe(200);
        return (await status.json()) as Manifest;
      }
      throw new Error('The export never finished');
    }

    async function readNdjson(url: string, session = doctor): Promise<Resource[]> {
      const response = await session.fetch(url, { headers: { Accept: 'application/fhir+ndjson' } });
      expect(response.status).toBe(200);
      const text = await response.text();
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Resource);
    }

    beforeAll(async () => {
      host = await connect();
      doctor = await signInByApi(host.baseUrl, 'doctor@example.com');
    });
    afterAll(async () => host.close());

    describe('$export', () => {
      it('runs a system export to a complete manifest whose NDJSON files hold every resource of each type', async () => {
        const manifest = await exportToManifest('$export?_type=Patient,Task');
        expect(manifest.requiresAccessToken).toBe(true);
        expect(manifest.request).toContain('$export');
        expect(Date.parse(manifest.transactionTime)).not.toBeNaN();
        expect(manifest.output.map((output) => output.type).sort()).toEqual(['Patient', 'Task']);
        for (const output of manifest.output) {
          const resources = await readNdjson(output.url);
          expect(resources.every((resource) => resource.resourceType === output.type)).toBe(true);
          const count = (await (await fhir(`${output.type}?_summary=count`)).json()) as Bundle;
          expect(resources).toHaveLength(count.total as number);
        }
      });

      it('keeps the NDJSON files behind the bearer token', async () => {
        const manifest = await exportToManifest('$export?_type=Patient');
        const url = manifest.output[0]?.url as string;
        expect((await fetch(url)).status).toBe(401);
      });

      it('exports only the patients and the resources that refer to them at Patient level', async () => {
        const manifest = await exportToManifest('Patient/$export?_type=Patient,Task,Practitioner');
        const types = manifest.output.map((output) => output.type);
        expect(types).toContain('Patient');
        expect(types).not.toContain('Practitioner');
        const tasks = await readNdjson(
          manifest.output.find((output) => output.type === 'Task')?.url as string
        );
        expect(tasks.every((task) => JSON.stringify(task).includes('"Patient/'))).toBe(true);
      });

      it("exports only the group's members and their resources at Group level", async () => {
        const page = (await (await fhir('Patient?_count=2&_sort=_id')).json()) as Bundle;
        const [member, other] = (page.entry ?? []).map((entry) => entry.resource?.id as string);
        const created = await fhir('Group', {
          method: 'POST',
          body: JSON.stringify({
            resourceType: 'Group',
            type: 'person',
            actual: true,
            member: [{ entity: { reference: `Patient/${member}` } }],
          }),
        });
        const group = (await created.json()) as { id: string };
        const manifest = await exportToManifest(`Group/${group.id}/$export?_type=Patient,Task`);
        const patients = await readNdjson(
          manifest.output.find((output) => output.type === 'Patient')?.url as string
        );
        expect(patients.map((patient) => patient.id)).toEqual([member]);
        const taskOutput = manifest.output.find((output) => output.type === 'Task');
        const tasks = taskOutput ? await readNdjson(taskOutput.url) : [];
        expect(tasks.every((task) => JSON.stringify(task).includes(`Patient/${member}`))).toBe(true);
        expect(tasks.some((task) => JSON.stringify(task).includes(`Patient/${other}`))).toBe(false);
      });

      it('leaves out what did not change since _since', async () => {
        const since = new Date(Date.now() + 60_000).toISOString();
        const manifest = await exportToManifest(`$export?_type=Patient&_since=${encodeURIComponent(since)}`);
        expect(manifest.output).toEqual([]);
      });

      it('refuses an unknown _type, a bad _since and an unknown group with a 4xx OperationOutcome', async () => {
        const badType = await fhir('$export?_type=NoSuchType', { method: 'POST' });
        expect(badType.status).toBe(400);
        expect(await outcomeText(badType)).toContain("Unknown resource type 'NoSuchType'");
        const badSince = await fhir('$export?_since=yesterday', { method: 'POST' });
        expect(badSince.status).toBe(400);
        expect(await outcomeText(badSince)).toContain('_since');
        const noGroup = await fhir('Group/no-such-group/$export', { method: 'POST' });
        expect(noGroup.status).toBe(404);
        expect(await outcomeText(noGroup)).toContain('Group/no-such-group');
      });

      it('answers 404 for a job it never started', async () => {
        const response = await fhir('job/no-such-job/status');
        expect(response.status).toBe(404);
        expect(await outcomeText(response)).toContain('Export job no-such-job not found');
      });
    });

    describe('the key-value store', () => {
      it('keeps a text value per user: PUT, GET, DELETE, then 404', async () => {
        const key = `contract-${crypto.randomUUID()}`;
        const put = await doctor.fetch(`keyvalue/v1/${key}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'text/plain' },
          body: 'night shift',
        });
        expect(put.status).toBeLessThan(300);
        const get = await doctor.fetch(`keyvalue/v1/${key}`);
        expect(get.status).toBe(200);
        expect(await get.text()).toBe('night shift');
        const nurse = await signInByApi(host.baseUrl, 'nurse@example.com');
        expect((await nurse.fetch(`keyvalue/v1/${key}`)).status).toBe(404);
        expect((await doctor.fetch(`keyvalue/v1/${key}`, { method: 'DELETE' })).status).toBeLessThan(300);
        const gone = await doctor.fetch(`keyvalue/v1/${key}`);
        expect(gone.status).toBe(404);
        expect(await outcomeText(gone)).toContain(key);
      });

      it('refuses a value that is too long, and a caller without a token', async () => {
        const tooLong = await doctor.fetch('keyvalue/v1/big', {
          method: 'PUT',
          headers: { 'Content-Type': 'text/plain' },
          body: 'x'.repeat(16 * 1024 + 1),
        });
        expect(tooLong.status).toBe(400);
        expect(await outcomeText(tooLong)).toContain('Value too long');
        expect((await fetch(new URL('keyvalue/v1/big', host.baseUrl))).status).toBe(401);
      });
    });

    it('answers 400 not-supported naming the operation for the operations it does not do', async () => {
      const cases: [string, RequestInit | undefined, string][] = [
        ['Patient/any/$graph?graph=x', undefined, '$graph'],
        ['StructureDefinition/$expand-profile', { method: 'POST', body: '{}' }, '$expand-profile'],
        ['Agent/any/$push', { method: 'POST', body: '{}' }, '$push'],
        ['$process-message', { method: 'POST', body: '{}' }, '$process-message'],
      ];
      for (const [path, init, name] of cases) {
        const response = await fhir(path, init);
        expect(response.status, path).toBe(400);
        const outcome = (await response.json()) as OperationOutcome;
        expect(outcome.issue?.[0]?.code, path).toBe('not-supported');
        expect(outcome.issue?.[0]?.details?.text, path).toContain(name);
      }
    });

    describe('as strict as a real Medplum server', () => {
      it('refuses a PUT whose body id does not match the URL with "Incorrect resource ID"', async () => {
        const created = (await (
          await fhir('Patient', { method: 'POST', body: JSON.stringify({ resourceType: 'Patient' }) })
        ).json()) as Resource;
        const withoutId = await fhir(`Patient/${created.id}`, {
          method: 'PUT',
          body: JSON.stringify({ resourceType: 'Patient', gender: 'female' }),
        });
        expect(withoutId.status).toBe(400);
        expect(await outcomeText(withoutId)).toContain('Incorrect resource ID');
        const inTransaction = await transaction([
          { request: { method: 'PUT', url: `Patient/${created.id}` }, resource: { resourceType: 'Patient' } },
        ]);
        expect(inTransaction.status).toBe(400);
        expect(await outcomeText(inTransaction)).toContain('Incorrect resource ID');
        const read = (await (await fhir(`Patient/${created.id}`)).json()) as Resource;
        expect(read.meta?.versionId).toBe('1');
      });

      it('routes operations only by a literal $name: %24everything and %24deploy are 404', async () => {
        const page = (await (await fhir('Patient?_count=1')).json()) as Bundle;
        const id = page.entry?.[0]?.resource?.id as string;
        expect((await fhir(`Patient/${id}/$everything`)).status).toBe(200);
        expect((await fhir(`Patient/${id}/%24everything`)).status).toBe(404);
        const bots = (await (await fhir('Bot?_count=1')).json()) as Bundle;
        const botId = bots.entry?.[0]?.resource?.id ?? 'any';
        const encoded = await fhir(`Bot/${botId}/%24deploy`, { method: 'POST', body: '{"code":""}' });
        expect(encoded.status).toBe(404);
      });

      it('refuses a strict transaction of more than 8 entries, and accepts 8', async () => {
        const entries = (count: number): BundleEntry[] =>
          Array.from({ length: count }, (_, index) => ({
            request: {
              method: 'POST',
              url: 'Patient',
              ifNoneExist: `identifier=urn:contract:strict|${count}-${index}`,
            },
            resource: {
              resourceType: 'Patient',
              identifier: [{ system: 'urn:contract:strict', value: `${count}-${index}` }],
            },
          }));
        const nine = await transaction(entries(9));
        expect(nine.status).toBe(400);
        expect(await outcomeText(nine)).toContain(
          'Transaction requires strict isolation but has too many entries'
        );
        const none = (await (await fhir('Patient?identifier=urn:contract:strict|9-0')).json()) as Bundle;
        expect(none.entry ?? []).toHaveLength(0);
        expect((await transaction(entries(8))).status).toBe(200);
        const plain = entries(9).map(({ resource }) => ({
          request: { method: 'POST' as const, url: 'Patient' },
          resource,
        }));
        expect((await transaction(plain)).status).toBe(200);
      });

      it('answers "Bots not enabled" where the project lacks the bots feature', async () => {
        const riverside = await signInByApi(host.baseUrl, 'coordinator@example.com', { membershipIndex: 1 });
        const me = (await (await riverside.fetch('auth/me')).json()) as { project: { name: string } };
        expect(me.project.name).toBe('Riverside Clinic');
        const response = await riverside.fetch('fhir/R4/Bot/$execute?name=anything', {
          method: 'POST',
          body: '{}',
        });
        expect(response.status).toBe(400);
        expect(await outcomeText(response)).toBe('Bots not enabled');
      });

      it("issues a refresh token only with 'Remember me' or the offline_access scope", async () => {
        const forgetful = await signInByApi(host.baseUrl, 'nurse@example.com', { remember: false });
        expect(forgetful.refreshToken).toBe('');
        const remembered = await signInByApi(host.baseUrl, 'nurse@example.com', { remember: true });
        expect(remembered.refreshToken).not.toBe('');
        const offline = await signInByApi(host.baseUrl, 'nurse@example.com', {
          remember: false,
          scope: 'openid profile offline_access',
        });
        expect(offline.refreshToken).not.toBe('');
      });
    });
  });
}
