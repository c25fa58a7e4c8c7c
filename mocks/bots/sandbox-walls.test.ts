import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeBotRunner } from './node-runner';
import { DEFAULT_BOT_MEMORY_BYTES } from './sandbox-protocol';
import { deployBot, issueText, newProjectOnFakeServer, type FakeServerSession } from './testing';

/** Time limit of the runs that should end by it (the others get the default, far longer). */
const LIMIT_MS = 1000;

/** What a bot finds when it looks for a way out of its engine. */
const PROBE = `exports.handler = async (medplum) => {
  const tryText = (f) => { try { return String(f()); } catch (error) { return 'refused: ' + error.message; } };
  return {
    globals: [typeof process, typeof require, typeof fetch, typeof XMLHttpRequest, typeof WebSocket,
      typeof importScripts, typeof WebAssembly, typeof setTimeout, typeof Buffer, typeof global,
      typeof self, typeof window, typeof postMessage, typeof Deno].join(','),
    throughConsole: tryText(() => console.log.constructor('return typeof process + typeof require')()),
    throughClient: tryText(() => medplum.search.constructor('return typeof process + typeof fetch')()),
    throughAsync: await (async () => {}).constructor('return typeof process + typeof require')(),
    sameRealm: console.log.constructor === Function && medplum.search.constructor === Function,
    dynamicImport: await import('fs').then(() => 'loaded', () => 'refused'),
    names: Object.getOwnPropertyNames(globalThis),
  };
};`;

const MEMORY_TEXT = `Bot exceeded its memory limit of ${DEFAULT_BOT_MEMORY_BYTES / (1024 * 1024)} MB`;

const HOST_NAMES = [
  'process',
  'require',
  'fetch',
  'Buffer',
  'global',
  'WebAssembly',
  'setTimeout',
  'setInterval',
  'XMLHttpRequest',
  'WebSocket',
  'importScripts',
  'self',
  'window',
  'postMessage',
  'navigator',
  'indexedDB',
  'caches',
];

/** Handlers that try to escape or exhaust the sandbox. */
const ESCAPE = `exports.handler = async () =>
        console.log.constructor('return process')().mainModule.require('fs').readFileSync('/etc/passwd', 'utf8');`;
const MEMORY_BOMB =
  'exports.handler = () => { const kept = []; for (;;) kept.push({ row: kept.length, note: "n" + kept.length }); };';
const BUFFER_BOMB =
  'exports.handler = () => { const kept = []; for (;;) kept.push(new Uint8Array(1 << 20)); };';
const FLOOD =
  'exports.handler = (medplum) => Promise.all(Array.from({ length: 500 }, () => medplum.search("Patient")));';

describe('the bot sandbox keeps bots inside', () => {
  let session: FakeServerSession;
  const execute = async (name: string, code: string, input: unknown = {}) => {
    const id = await deployBot(session, name, code);
    return session.fhir('POST', `Bot/${id}/$execute`, input);
  };
  /** The words of the 400 a bot's run gets; the test fails when the run is not refused. */
  const refusal = async (name: string, code: string): Promise<string> => {
    const answer = await execute(name, code);
    expect(answer.status).toBe(400);
    return issueText(answer.body);
  };

  beforeAll(async () => {
    session = await newProjectOnFakeServer();
  });
  afterAll(() => session?.fake.bots.dispose());

  it("refuses the known escape: console.log.constructor('return process')() finds no process", async () => {
    expect(await refusal('escape', ESCAPE)).toBe("'process' is not defined");
  });

  it('gives the bot no process, require, fs, network, timers or host globals, even through constructors', async () => {
    const answer = await execute('probe', PROBE);
    expect(answer.status).toBe(200);
    const found = answer.body as {
      globals: string;
      throughConsole: string;
      throughClient: string;
      throughAsync: string;
      sameRealm: boolean;
      dynamicImport: string;
      names: string[];
    };
    expect(found.globals.split(',')).toEqual(Array(14).fill('undefined'));
    expect(found.throughConsole).toBe('undefinedundefined');
    expect(found.throughClient).toBe('undefinedundefined');
    expect(found.throughAsync).toBe('undefinedundefined');
    expect(found.sameRealm).toBe(true);
    expect(found.dynamicImport).toBe('refused');
    expect(found.names.filter((name) => HOST_NAMES.includes(name))).toEqual([]);
  });

  it('stops a bot that catches the interrupt and spins on: the time limit cannot be caught', async () => {
    const limited = await newProjectOnFakeServer({ botTimeoutMs: LIMIT_MS });
    try {
      const id = await deployBot(
        limited,
        'stubborn',
        'exports.handler = () => { for (;;) { try { for (;;) {} } catch (error) { /* keep going */ } } };'
      );
      const answer = await limited.fhir('POST', `Bot/${id}/$execute`, {});
      expect(answer.status).toBe(408);
      expect(issueText(answer.body)).toBe(`Bot timed out after ${LIMIT_MS} ms`);
    } finally {
      limited.fake.bots.dispose();
    }
  });

  it('stops a bot that allocates objects without end with its memory limit, and the next bot runs', async () => {
    expect(await refusal('memory-bomb', MEMORY_BOMB)).toBe(MEMORY_TEXT);
    expect((await session.fhir('GET', 'Patient?_count=1')).status).toBe(200);
    const next = await execute(
      'after-bomb',
      'exports.handler = async (m, event) => ({ echo: event.input.word });',
      {
        word: 'still here',
      }
    );
    expect(next).toEqual({ status: 200, body: { echo: 'still here' } });
  });

  it('stops a bot that keeps binary buffers without end (memory the engine itself does not count)', async () => {
    expect(await refusal('buffer-bomb', BUFFER_BOMB)).toBe(MEMORY_TEXT);
  });

  it('stops endless recursion with a stack error instead of crashing the engine', async () => {
    expect(
      await refusal('recursion', 'exports.handler = () => { const down = () => down() + 1; return down(); };')
    ).toMatch(/stack/i);
  });

  it('refuses a flood of unawaited FHIR calls past the limit of calls waiting at once', async () => {
    expect(await refusal('flood', FLOOD)).toMatch(/at most 100 FHIR calls waiting/);
  });

  it('answers at once for a handler that awaits something that can never come', async () => {
    expect(await refusal('stuck', 'exports.handler = () => new Promise(() => {});')).toMatch(
      /never finished/
    );
  });

  it("captures the bot's console as log lines for the server, not the host's console", async () => {
    const runner = new NodeBotRunner();
    const lines: string[] = [];
    try {
      const outcome = await runner.run({
        code: 'exports.handler = async () => { console.warn("lab feed", { late: 2 }); return "ok"; };',
        eventJson: '{}',
        nowMs: Date.now(),
        timeoutMs: LIMIT_MS,
        filename: 'talker.js',
        call: async () => ({ status: 200, body: '{}' }),
        log: (level, text) => lines.push(`${level} ${text}`),
      });
      expect(outcome).toEqual({ ok: true, result: 'ok' });
      expect(lines).toEqual(['warn lab feed {"late":2}']);
    } finally {
      runner.dispose();
    }
  });
});
