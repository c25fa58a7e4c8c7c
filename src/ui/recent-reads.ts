/** How many answers are remembered: the screens a user goes back and forth between. */
const REMEMBERED = 32;

/**
 * The last answer of named replica reads, so a screen the user comes back to (a tab of the same
 * resource) draws what it showed at once while its read runs again. Forgotten when the session ends:
 * the next account never sees the last one's answers.
 */
export class RecentReads {
  private readonly answers = new Map<string, unknown>();

  get<T>(name: string): T | undefined {
    return this.answers.get(name) as T | undefined;
  }

  set(name: string, answer: unknown): void {
    // Most recent last: the oldest is the first in the map's order.
    this.answers.delete(name);
    this.answers.set(name, answer);
    if (this.answers.size > REMEMBERED) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  }

  forget(name: string): void {
    this.answers.delete(name);
  }

  clear(): void {
    this.answers.clear();
  }
}
