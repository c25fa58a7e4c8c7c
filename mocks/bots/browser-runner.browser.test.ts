import { describe, expect, it } from 'vitest';
import { BrowserBotRunner } from './browser-runner';
import type { BotCall, BotJob } from './runner';
import { DEFAULT_BOT_MEMORY_BYTES } from './sandbox-protocol';

const LIMIT_MS = 800;

function job(code: string, call: BotJob['call'] = async () => ({ status: 200, body: '{}' })): BotJob {
  return {
    code,
    eventJson: JSON.stringify({ input: { family: 'Okafor' }, contentType: 'application/json', secrets: {} }),
    nowMs: Date.parse('2026-11-02T09:00:00Z'),
    timeoutMs: LIMIT_MS,
    filename: 'test-bot.js',
    call,
  };
}

describe('bots in the browser (npm run dev): QuickJS in a module Worker', () => {
  it("returns the bot's result, its FHIR calls answered by the host", async () => {
    const calls: BotCall[] = [];
    const outcome = await new BrowserBotRunner().run(
      job(
        `exports.handler = async (medplum, event) => {
          const patient = await medplum.createResource({ resourceType: 'Patient', name: [{ family: event.input.family }] });
          return { id: patient.id, year: new Date().getUTCFullYear() };
        };`,
        async (request) => {
          calls.push(request);
          return { status: 201, body: JSON.stringify({ resourceType: 'Patient', id: 'p-1' }) };
        }
      )
    );
    expect(outcome).toEqual({ ok: true, result: { id: 'p-1', year: 2026 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ name: [{ family: 'Okafor' }] });
  });

  it('reports a bot that throws with its message', async () => {
    const outcome = await new BrowserBotRunner().run(
      job('exports.handler = async () => { throw new Error("Lab feed is down"); };')
    );
    expect(outcome).toEqual({ ok: false, error: 'Lab feed is down', timedOut: false });
  });

  it('stops a bot that loops forever with its time limit, while the page keeps running', async () => {
    const running = new BrowserBotRunner().run(job('exports.handler = function () { for (;;) {} };'));
    // The page's own timers still fire while the bot spins in its worker.
    const ticked = await new Promise<string>((resolve) => setTimeout(() => resolve('ticked'), 50));
    const outcome = await Promise.race([running, Promise.resolve('still running')]);
    expect([ticked, outcome]).toEqual(['ticked', 'still running']);
    expect(await running).toEqual({ ok: false, error: `Bot timed out after ${LIMIT_MS} ms`, timedOut: true });
  });

  it("refuses the known escape: console.log.constructor('return process')() finds no process", async () => {
    const outcome = await new BrowserBotRunner().run(
      job(
        `exports.handler = async () => console.log.constructor('return process')().mainModule.require('fs');`
      )
    );
    expect(outcome).toEqual({ ok: false, error: "'process' is not defined", timedOut: false });
  });

  it("gives the bot none of the worker's globals (network, storage, messaging), even through constructors", async () => {
    const outcome = await new BrowserBotRunner().run(
      job(`exports.handler = async (medplum) => {
        const names = ['fetch', 'XMLHttpRequest', 'WebSocket', 'importScripts', 'indexedDB', 'caches', 'self',
          'postMessage', 'navigator', 'location', 'WebAssembly', 'setTimeout', 'process', 'require'];
        return {
          plain: names.filter((name) => typeof globalThis[name] !== 'undefined'),
          throughClient: medplum.search.constructor('return [typeof fetch, typeof self, typeof postMessage].join()')(),
          dynamicImport: await import('/index.html').then(() => 'loaded', () => 'refused'),
        };
      };`)
    );
    expect(outcome).toEqual({
      ok: true,
      result: { plain: [], throughClient: 'undefined,undefined,undefined', dynamicImport: 'refused' },
    });
  });

  it('stops a bot that allocates without end with its memory limit, and the next run works', async () => {
    const runner = new BrowserBotRunner();
    const bomb = await runner.run({
      ...job(
        'exports.handler = () => { const kept = []; for (;;) kept.push({ row: kept.length, note: "n" + kept.length }); };'
      ),
      timeoutMs: 15_000,
    });
    expect(bomb).toEqual({
      ok: false,
      error: `Bot exceeded its memory limit of ${DEFAULT_BOT_MEMORY_BYTES / (1024 * 1024)} MB`,
      timedOut: false,
    });
    expect(await runner.run(job('exports.handler = async (m, event) => event.input.family;'))).toEqual({
      ok: true,
      result: 'Okafor',
    });
  });
});
