import { describe, expect, it } from 'vitest';
import { routeRequest } from './routes';

const origin = 'http://localhost:3000';
const precached = new Set([`${origin}/index.html`, `${origin}/assets/index-abc.js`, `${origin}/config.json`]);
const get = (path: string, mode = 'cors') => ({ url: new URL(path, origin).href, method: 'GET', mode });

describe('routeRequest: what the service worker answers', () => {
  it('never answers FHIR, sign-in, token or fake-server calls, not even navigations to them', () => {
    for (const path of [
      '/fhir/R4/Task?owner=Practitioner/1',
      '/fhir/R4/metadata',
      '/auth/login',
      '/auth/me',
      '/oauth2/token',
      '/$fake/clock',
      '/%24fake/reset',
    ]) {
      expect(routeRequest(get(path), origin, precached), path).toEqual({ kind: 'network' });
      expect(routeRequest(get(path, 'navigate'), origin, precached), path).toEqual({ kind: 'network' });
    }
  });

  it('never answers writes or other origins (a real FHIR server elsewhere)', () => {
    expect(routeRequest({ ...get('/index.html'), method: 'POST' }, origin, precached)).toEqual({
      kind: 'network',
    });
    expect(
      routeRequest(
        { url: 'https://fhir.example.org/fhir/R4/Task', method: 'GET', mode: 'cors' },
        origin,
        precached
      )
    ).toEqual({ kind: 'network' });
  });

  it("answers the app's pages with the app shell, and its files from the precache", () => {
    expect(routeRequest(get('/Task/123/notes', 'navigate'), origin, precached)).toEqual({
      kind: 'app-shell',
    });
    expect(routeRequest(get('/', 'navigate'), origin, precached)).toEqual({ kind: 'app-shell' });
    expect(routeRequest(get('/assets/index-abc.js?v=1'), origin, precached)).toEqual({
      kind: 'precached',
      url: `${origin}/assets/index-abc.js`,
    });
  });

  it('fetches config.json network-first; leaves unknown files and non-navigations to the network', () => {
    expect(routeRequest(get('/config.json'), origin, precached)).toEqual({ kind: 'config' });
    expect(routeRequest(get('/mockServiceWorker.js', 'navigate'), origin, precached)).toEqual({
      kind: 'network',
    });
    expect(routeRequest(get('/Task/123'), origin, precached)).toEqual({ kind: 'network' });
  });
});
