import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Keeps a JSON document in a file with atomic replacement: the new text is written to a temporary
 * file beside it and renamed over the old one, so a crash mid-write leaves the previous version.
 */
export class JsonFileStore<T> {
  constructor(readonly path: string) {}

  read(): T | undefined {
    if (!existsSync(this.path)) return undefined;
    return JSON.parse(readFileSync(this.path, 'utf8')) as T;
  }

  write(value: T): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, this.path);
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }
}

/** Runs `task` at most once per `delayMs` after the last call; flush() runs a pending one now. */
export function debounce(task: () => void, delayMs: number): { schedule(): void; flush(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        task();
      }, delayMs);
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      timer = undefined;
      task();
    },
  };
}
