import { describe, expect, it } from 'vitest';
import { cloneJson } from './clone';

describe('cloneJson', () => {
  it('copies a resource deeply: changing the copy leaves the original as it was', () => {
    const task = {
      resourceType: 'Task',
      id: 't1',
      note: [{ text: 'first' }],
      input: [{ valueInteger: 0, valueBoolean: false, valueString: '' }],
      meta: { versionId: '1', tag: [] as unknown[] },
      extension: undefined,
      nothing: null,
    };
    const copy = cloneJson(task);
    expect(copy).toStrictEqual(task);
    copy.note[0]!.text = 'changed';
    copy.meta.tag.push({ code: 'x' });
    expect(task.note[0]?.text).toBe('first');
    expect(task.meta.tag).toEqual([]);
    expect('extension' in copy).toBe(true);
  });

  it('copies what is not plain JSON as structuredClone does, and refuses a function as it does', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    const value = { when, codes: new Map([['a', { n: 1 }]]), bytes: new Uint8Array([1, 2]) };
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(copy.when).not.toBe(when);
    expect(copy.codes.get('a')).not.toBe(value.codes.get('a'));
    expect(() => cloneJson({ run: () => 1 })).toThrow();
  });
});
