import { describe, expect, it } from 'vitest';
import { sameAnswer } from './same-answer';

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
