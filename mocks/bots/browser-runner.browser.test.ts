import { describe, expect, it } from 'vitest';
import { BrowserBotRunner } from './browser-runner';
import type { BotCall, BotJob } from './runner';

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

describe('bots in the browser (npm run dev): a Worker per run', () => {
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

  it('stops a bot that loops forever within its time limit, while the page keeps running', async () => {
    const started = performance.now();
    const running = new BrowserBotRunner().run(job('exports.handler = function () { for (;;) {} };'));
    // The page's own timers still fire while the bot spins in its worker.
    const tickedAt = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 50));
    const outcome = await running;
    const endedAt = performance.now();
    expect(tickedAt).toBeLessThan(endedAt);
    expect(outcome.ok === false && outcome.timedOut).toBe(true);
    expect(endedAt - started).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(endedAt - started).toBeLessThan(LIMIT_MS + 1000);
  });
});
