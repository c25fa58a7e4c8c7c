// @vitest-environment jsdom
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/sync';
import { createAppRouter } from './router';

/**
 * A client whose session is signed in: the routes' guards read only that. The router is loaded, not
 * drawn, so nothing else of the client is asked for; it follows redirects as in a browser (hence
 * jsdom: without a document it loads as a server would and hands the redirect back).
 */
const signedIn = { session: { getState: () => ({ status: 'tokens' }) } } as unknown as ApiClient;

/** Where the app lands when `path` is opened. */
async function landing(path: string): Promise<string> {
  const router = createAppRouter(signedIn, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return router.state.location.pathname;
}

describe('a resource URL without a tab', () => {
  it("opens on the first tab of the console's table for the type", async () => {
    expect(await landing('/Patient/p1')).toBe('/Patient/p1/summary');
    expect(await landing('/Questionnaire/q1')).toBe('/Questionnaire/q1/form');
    expect(await landing('/DiagnosticReport/r1')).toBe('/DiagnosticReport/r1/report');
  });

  it('opens on Details for a type with no tabs of its own, or one the console does not know', async () => {
    expect(await landing('/Observation/o1')).toBe('/Observation/o1/details');
    expect(await landing('/Patientz/1')).toBe('/Patientz/1/details');
  });
});
