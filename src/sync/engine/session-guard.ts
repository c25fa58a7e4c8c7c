import type { ReplicaStore } from '@/db/types';

/** Meta key of the mark the replica carries while one sign-in owns it; sign-out's wipe removes it. */
export const META_SESSION = 'sessionMark';

/** A write of a signed-out session: the replica was wiped (or signed into again) since it began. */
export class SignedOutError extends Error {
  constructor() {
    super('Signed out');
    this.name = 'SignedOutError';
  }
}

/** The replica's session mark, made now when it has none (the first start after a sign-in). */
export function sessionMark(replica: ReplicaStore, newId: () => string): Promise<string> {
  return replica.transaction(async (tx) => {
    const held = await tx.getMeta<string>(META_SESSION);
    if (held) return held;
    const mark = newId();
    await tx.putMeta(META_SESSION, mark);
    return mark;
  });
}

/**
 * The replica as one session sees it: every transaction first checks, inside itself, that the
 * replica still carries the session's mark, and stores nothing when it does not. So a wipe on
 * sign-out wins over a run still under way in any tab: what that run would write after the wipe
 * is refused as a whole, whatever locks the platform has.
 */
export function guardedBySession(replica: ReplicaStore, mark: string): ReplicaStore {
  return {
    transaction: (work) =>
      replica.transaction(async (tx) => {
        if ((await tx.getMeta<string>(META_SESSION)) !== mark) throw new SignedOutError();
        return work(tx);
      }),
    wipe: () => replica.wipe(),
  };
}
