import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import type { Bundle } from '@medplum/fhirtypes';
import { openingPreviews, readOpeningPages } from './opening-pages';
import { openingQueries } from '@/sync/engine/pull/scope';
import { listeningFakeServer } from './testing/fake-server';
import { device } from './testing/harness';
import type { FirstPagePreview } from './types';

const baseUrl = listeningFakeServer();

const byQuery = (pages: FirstPagePreview[]) =>
  Object.fromEntries(pages.map((page) => [page.query, page.tasks.map((task) => task.id)]));

describe("the page's own read of the opening screens at sign-in", () => {
  it('offers the same pages, for the same list searches, as the first load does, in one request without includes', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const profile = `Practitioner/${ALICE_SMITH_ID}`;
    const before = doctor.faults.sent.length;
    const read = await readOpeningPages(doctor.fhir, profile);
    const sent = doctor.faults.sent.slice(before);

    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).not.toContain('_include');
    expect(read.every((page) => page.profile === profile)).toBe(true);
    expect(read.every((page) => page.tasks.every((task) => task.resourceType === 'Task'))).toBe(true);
    expect(read.some((page) => page.tasks.length > 0)).toBe(true);

    let offered: FirstPagePreview[] = [];
    doctor.engine.onStatus((status) => {
      if (status.firstPages) offered = status.firstPages;
    });
    await doctor.engine.syncNow();
    expect(offered.length).toBe(2);
    expect(byQuery(read)).toEqual(byQuery(offered));
  });

  it('fails as a whole when the server refuses the batch (the list then waits for the load)', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    doctor.faults.inject('POST', /\/fhir\/R4\/?$/, 'server-error', Infinity);
    await expect(readOpeningPages(doctor.fhir, `Practitioner/${ALICE_SMITH_ID}`)).rejects.toThrow();
  });

  it('offers no page for a screen whose search failed, and the others as they came', () => {
    const queries = openingQueries('Practitioner/1');
    const page: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      total: 1,
      entry: [
        { resource: { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order' } },
        { resource: { resourceType: 'Patient', id: 'p1' }, search: { mode: 'include' } },
      ],
    };
    const offered = openingPreviews('Practitioner/1', queries, [new Error('refused'), page]);
    expect(offered).toHaveLength(1);
    expect(offered[0]?.tasks.map((task) => task.id)).toEqual(['t1']);
    expect(offered[0]?.total).toBe(1);
    expect(offered[0]?.query).not.toContain('_include');
    expect(offered[0]?.query).toContain('_offset=0');
  });
});
