import { describe, expect, it } from 'vitest';
import { backPath, withBack } from './back-path';

describe('backPath', () => {
  it('reads the page of this app an action returns to', () => {
    const href = withBack('/Communication/c1/delete', '/DiagnosticReport/r1/timeline');
    expect(href.startsWith('/Communication/c1/delete?')).toBe(true);
    expect(backPath(href.slice(href.indexOf('?')))).toBe('/DiagnosticReport/r1/timeline');
    expect(backPath('?back=%2FTask%2Ft1%2Ftimeline&x=1')).toBe('/Task/t1/timeline');
  });

  it('refuses a page of another site, so a link cannot send the user away after a delete', () => {
    expect(backPath('?back=https%3A%2F%2Fevil.example%2F')).toBeUndefined();
    expect(backPath('?back=%2F%2Fevil.example%2Fx')).toBeUndefined();
    expect(backPath('?back=%2F%5Cevil.example')).toBeUndefined();
    expect(backPath('')).toBeUndefined();
  });
});
