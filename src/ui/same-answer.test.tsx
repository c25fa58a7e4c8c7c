import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { sameAnswer, useSameAnswer } from './same-answer';

describe('sameAnswer', () => {
  it('holds for the same data read twice: records, arrays of them, Maps, Sets, null', () => {
    const read = () => [
      {
        key: 'Task/1',
        resource: { resourceType: 'Task', status: 'ready', meta: { versionId: '2' } },
        pending: 0,
      },
    ];
    expect(sameAnswer(read(), read())).toBe(true);
    expect(sameAnswer(new Map([['Patient/1', 'Homer']]), new Map([['Patient/1', 'Homer']]))).toBe(true);
    expect(sameAnswer(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(sameAnswer(null, null)).toBe(true);
    expect(sameAnswer(undefined, undefined)).toBe(true);
  });

  it('fails on any difference: a new version, a pending change, a missing key, another length or type', () => {
    const record = (versionId: string, pending = 0) => ({
      key: 'Task/1',
      resource: { meta: { versionId } },
      pending,
    });
    expect(sameAnswer(record('2'), record('3'))).toBe(false);
    expect(sameAnswer(record('2'), record('2', 1))).toBe(false);
    expect(sameAnswer({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameAnswer([1, 2], [1, 2, 3])).toBe(false);
    expect(sameAnswer([1], { 0: 1, length: 1 })).toBe(false);
    expect(sameAnswer(new Map([['a', 1]]), new Map([['a', 2]]))).toBe(false);
    expect(sameAnswer(null, undefined)).toBe(false);
    expect(sameAnswer(new Date(0), new Date(0))).toBe(false);
  });
});

describe('useSameAnswer', () => {
  it('hands back the first object while later reads are equal copies, and the new one once it differs', () => {
    const task = (status: string) => ({ resourceType: 'Task', status, meta: { versionId: '1' } });
    const first = task('ready');
    const { result, rerender } = renderHook(({ value }) => useSameAnswer(value), {
      initialProps: { value: first },
    });
    expect(result.current).toBe(first);
    rerender({ value: task('ready') });
    expect(result.current).toBe(first);
    const paused = task('on-hold');
    rerender({ value: paused });
    expect(result.current).toBe(paused);
    expect(result.current.status).toBe('on-hold');
    rerender({ value: task('on-hold') });
    expect(result.current).toBe(paused);
  });
});
