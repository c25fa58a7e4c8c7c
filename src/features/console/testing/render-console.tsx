import type { Resource } from '@medplum/fhirtypes';
import { afterEach, beforeEach } from 'vitest';
import { replicaHarness, type PageAnswers, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { ConsolePages } from './ConsolePages';

export interface ConsoleSetup {
  /** Resources the replica holds (and the server), as a pull would have left them. */
  held?: Resource[];
  /** Types whose search definitions the replica holds: the types it answers searches for. */
  heldTypes?: string[];
  /** Answers to the page's own server reads; the others go to the fake server. */
  server?: PageAnswers;
  /** false: no network at all. */
  online?: boolean;
}

/** The console pages at `path` on the harness, set up as `setup` says. */
export async function renderConsole(h: ReplicaHarness, path: string, setup: ConsoleSetup = {}) {
  if (setup.heldTypes) await h.follow(...setup.heldTypes);
  if (setup.held) await h.hold(...setup.held);
  if (setup.server) h.answerPage(setup.server);
  if (setup.online === false) h.setOnline(false);
  const { router, unmount } = h.render(<ConsolePages />, path);
  return { router, unmount };
}

/**
 * A fresh harness for each test of the file (stopped after it): `ctx.h` is the current test's
 * harness, `ctx.renderConsole(path, setup)` renders the console pages on it.
 */
export function consoleTestHarness() {
  let current: ReplicaHarness | undefined;
  beforeEach(async () => {
    current = await replicaHarness();
  });
  afterEach(() => current?.stop());
  const ctx = {
    get h(): ReplicaHarness {
      if (!current) throw new Error('The harness exists only inside a test');
      return current;
    },
    renderConsole: (path: string, setup?: ConsoleSetup) => renderConsole(ctx.h, path, setup),
    /** Stops this test's harness and starts a fresh one: another device, a new server. */
    async restart(): Promise<void> {
      current?.stop();
      current = await replicaHarness();
    },
  };
  return ctx;
}
