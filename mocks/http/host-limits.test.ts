import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '../../tests/fixtures/api-sign-in';
import { startHttpHost, type HttpHost } from './host';

let host: HttpHost;
let port: number;
let dir: string;
let session: ApiSession;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'carequeue-limits-'));
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'config.json'), JSON.stringify({ baseUrl: 'https://fhir.example.org/' }));
  host = await startHttpHost({
    port: 0,
    staticDir: dist,
    limits: { maxBodyBytes: 200_000, maxAnonymousBodyBytes: 10_000 },
  });
  port = Number(new URL(host.url).port);
  session = await signInByApi(host.url, 'doctor@example.com');
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes and returns what the server answered before it closed or went quiet. */
function raw(text: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = (): void => {
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (received.includes('\r\n\r\n')) setTimeout(done, 50);
    });
    socket.on('error', reject);
    socket.on('close', done);
    socket.write(text);
  });
}

function issue(body: string): string {
  return (JSON.parse(body) as OperationOutcome).issue?.[0]?.details?.text ?? '';
}

describe('the npm start host refuses what it should not do', () => {
  it('answers TRACE and other unknown methods with 405 and an OperationOutcome, not 500', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'CONNECT']) {
      const answer = await raw(`${method} /fhir/R4/metadata HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(answer.status, method).toBe(405);
      expect(issue(answer.body)).toMatch(/not allowed/);
    }
  });

  it('answers an absolute-form request line with 400, not 500', async () => {
    const answer = await raw('GET http://evil.example/fhir/R4/metadata HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(issue(answer.body)).toMatch(/not a path/);
  });

  it('answers a garbage request line with 400 and an OperationOutcome', async () => {
    const answer = await raw('\u0001\u0002 what is this\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).resourceType).toBe('OperationOutcome');
  });

  it('refuses a body whose declared size is over the limit with 413 before it is sent', async () => {
    const answer = await raw(
      `POST /fhir/R4/Patient HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${session.accessToken}\r\n` +
        'Content-Type: application/fhir+json\r\nContent-Length: 1000000000\r\n\r\n{'
    );
    expect(answer.status).toBe(413);
    expect(issue(answer.body)).toMatch(/larger than the limit/);
  });

  it('checks the token before reading a large body: 401 without a valid one', async () => {
    const answer = await raw(
      'POST /fhir/R4/Patient HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer forged\r\n' +
        'Content-Type: application/fhir+json\r\nContent-Length: 150000\r\n\r\n{'
    );
    expect(answer.status).toBe(401);
  });

  it('limits sign-in bodies sooner than signed-in ones', async () => {
    const answer = await raw(
      'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 50000\r\n\r\n{'
    );
    expect(answer.status).toBe(413);
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    const chunk = 'x'.repeat(100_000);
    const hex = chunk.length.toString(16);
    const answer = await raw(
      `POST /fhir/R4/Patient HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${session.accessToken}\r\n` +
        `Content-Type: application/fhir+json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${hex}\r\n${chunk}\r\n${hex}\r\n${chunk}\r\n${hex}\r\n${chunk}\r\n`
    );
    expect(answer.status).toBe(413);
  });

  it('still takes a signed-in body under the limit', async () => {
    const response = await session.fetch('fhir/R4/Patient', {
      method: 'POST',
      body: JSON.stringify({ resourceType: 'Patient', name: [{ text: 'y'.repeat(50_000) }] }),
    });
    expect(response.status).toBe(201);
  });
});

describe('security headers', () => {
  it('puts nosniff, no-referrer, a Permissions-Policy and COOP on every response', async () => {
    const answers = [
      await fetch(new URL('fhir/R4/metadata', host.url)),
      await fetch(new URL('config.json', host.url)),
      await fetch(new URL('nothing-here.js', host.url)),
      await session.fetch('fhir/R4/Patient?_count=1'),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it("gives the app's pages a strict Content-Security-Policy naming the configured FHIR origin", async () => {
    const page = await fetch(new URL('task/123', host.url), { headers: { accept: 'text/html' } });
    const policy = page.headers.get('content-security-policy') ?? '';
    const directive = (name: string): string =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self' https://fhir.example.org");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
  });
});
