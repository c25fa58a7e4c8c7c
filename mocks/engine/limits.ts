import { badRequest } from './outcome';

/**
 * Bounds on the work one request may ask of the server, so that no request can exhaust its memory,
 * its stack or its time. FHIR resources nest a few dozen levels at most (a Questionnaire's items
 * included); a batch or transaction of more entries than this is split by any sane client.
 */
export const LIMITS = {
  /** Deepest nesting of objects and arrays a JSON body may have. */
  maxJsonDepth: 100,
  /** Entries in one batch or transaction Bundle. */
  maxBundleEntries: 1000,
  /** A batch gives other requests a turn after this many entries. */
  batchEntriesPerTurn: 25,
} as const;

/**
 * Refuses JSON nested deeper than the limit before it is parsed: parsing, storing or saving such a
 * document recurses once per level and would exhaust the stack. Counts brackets outside strings.
 */
export function assertJsonDepth(text: string, maxDepth: number = LIMITS.maxJsonDepth): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) {
        throw badRequest(`The JSON body is nested more than ${maxDepth} levels deep`);
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
}

/** Parses a JSON request body within the depth limit; 400 with the reason otherwise. */
export function parseJsonBody(text: string): unknown {
  assertJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(
      `Invalid JSON: ${error instanceof SyntaxError ? error.message : 'cannot parse the body'}`
    );
  }
}

/** Lets other requests (and I/O) run before continuing a long piece of work. */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
