import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpHost, type HttpHost } from '../../mocks/http/host';

const preflight = (host: HttpHost, origin: string): Promise<Response> =>
  fetch(new URL('fhir/R4/Task', host.url), {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'authorization, content-type, if-match',
    },
  });

describe('CORS on the HTTP host', () => {
  let host: HttpHost;
  beforeAll(async () => {
    host = await startHttpHost({ port: 0 });
  });
  afterAll(async () => host.close());

  it("answers a localhost app's preflight with 204 and the origin, methods and headers it may use", async () => {
    const response = await preflight(host, 'http://localhost:5173');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const methods = response.headers.get('access-control-allow-methods') ?? '';
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    const headers = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of [
      'authorization',
      'content-type',
      'if-match',
      'if-none-exist',
      'prefer',
      'x-medplum',
    ]) {
      expect(headers).toContain(header);
    }
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets the page read the answer and its ETag and Location headers', async () => {
    const response = await fetch(new URL('fhir/R4/metadata', host.url), {
      headers: { Origin: 'http://127.0.0.1:8080' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of ['etag', 'location', 'content-location', 'last-modified']) {
      expect(exposed).toContain(header);
    }
  });

  it('gives another origin no CORS headers, so its pages cannot read the API', async () => {
    const response = await preflight(host, 'https://elsewhere.example');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const actual = await fetch(new URL('fhir/R4/metadata', host.url), {
      headers: { Origin: 'https://elsewhere.example' },
    });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows exactly the origins configured, and no longer every localhost', async () => {
    const configured = await startHttpHost({ port: 0, corsOrigins: 'https://app.example.org' });
    try {
      const allowed = await preflight(configured, 'https://app.example.org');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
      expect((await preflight(configured, 'http://localhost:5173')).status).toBe(403);
    } finally {
      await configured.close();
    }
  });
});
