import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the work once the page has time, and not before', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs work cancelled before the page was idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work)();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(work).not.toHaveBeenCalled();
  });

  it("asks the browser's idle callback, with a time limit, where there is one", () => {
    const idle: { work?: () => void; timeout?: number } = {};
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', (work: () => void, options: { timeout: number }) => {
      idle.work = work;
      idle.timeout = options.timeout;
      return 7;
    });
    vi.stubGlobal('cancelIdleCallback', cancel);
    const work = vi.fn();
    const stop = whenIdle(work);
    expect(idle.timeout).toBe(IDLE_TIMEOUT_MS);
    idle.work?.();
    expect(work).toHaveBeenCalledTimes(1);
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
