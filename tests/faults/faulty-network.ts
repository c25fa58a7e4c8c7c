/**
 * A fetch that misbehaves on purpose, driven by a seeded generator so a failing run can be replayed:
 * 500s before the server sees the request, timeouts, connections dropped after the server applied
 * the request (the client sees an error), and slow answers. Only FHIR calls are hit; sign-in is not.
 */
export type FaultKind = 'server-error' | 'timeout' | 'lost-response' | 'slow' | 'none';

/** mulberry32: small, fast and good enough to drive a test. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultyNetwork {
  enabled = false;
  readonly counts: Record<FaultKind, number> = {
    'server-error': 0,
    timeout: 0,
    'lost-response': 0,
    slow: 0,
    none: 0,
  };

  constructor(
    private readonly random: () => number,
    private readonly rates = { serverError: 0.08, timeout: 0.05, lostResponse: 0.1, slow: 0.05 }
  ) {}

  readonly fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const kind = this.enabled && url.includes('/fhir/R4/') ? this.pick() : 'none';
    this.counts[kind]++;
    switch (kind) {
      case 'server-error':
        return new Response(
          JSON.stringify({
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'exception', details: { text: 'Injected server error' } }],
          }),
          { status: 500, headers: { 'Content-Type': 'application/fhir+json' } }
        );
      case 'timeout':
        await pause(2);
        throw Object.assign(new Error('The operation timed out.'), { name: 'TimeoutError' });
      case 'lost-response': {
        const response = await fetch(url, init);
        await response.arrayBuffer();
        throw new TypeError('Failed to fetch');
      }
      case 'slow':
        await pause(5 + Math.floor(this.random() * 20));
        return fetch(url, init);
      default:
        return fetch(url, init);
    }
  };

  private pick(): FaultKind {
    const r = this.random();
    const { serverError, timeout, lostResponse, slow } = this.rates;
    if (r < serverError) return 'server-error';
    if (r < serverError + timeout) return 'timeout';
    if (r < serverError + timeout + lostResponse) return 'lost-response';
    if (r < serverError + timeout + lostResponse + slow) return 'slow';
    return 'none';
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
