/**
 * Scripts the browser benches run in the page. Strings, not functions: the benches run through a
 * transpiler whose helpers the page lacks.
 */

/** Resolves with the access token of the login the app stored in its replica. */
export const STORED_TOKEN = `new Promise((resolve, reject) => {
  const open = indexedDB.open('carequeue');
  open.onsuccess = () => {
    const request = open.result.transaction('meta').objectStore('meta').get('kv:activeLogin');
    request.onsuccess = () => {
      const value = request.result && request.result.value;
      value ? resolve(JSON.parse(value).accessToken) : reject(new Error('No stored login'));
    };
  };
})`;

/**
 * Clicks what `trigger` finds and resolves with the ms until `ready` holds, checked on every change
 * of the page; it gives up after `timeoutMs` with `describe()`'s words.
 */
export const timeClick = (
  trigger: string,
  ready: string,
  timeoutMs = 20_000,
  describe = `() => 'not drawn'`
): string => `new Promise((resolve, reject) => {
  const target = (${trigger})();
  if (!target) return reject(new Error('Nothing to click'));
  let started = 0;
  const done = () => {
    if (!(${ready})()) return false;
    observer.disconnect();
    resolve(performance.now() - started);
    return true;
  };
  const observer = new MutationObserver(done);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  setTimeout(() => {
    observer.disconnect();
    reject(new Error('After ${timeoutMs} ms: ' + (${describe})()));
  }, ${timeoutMs});
  started = performance.now();
  target.click();
})`;

/** Finds a resource page's Details tab. */
export const DETAILS_TAB = `() => [...document.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent.trim() === 'Details')`;

export const ms = (value: number): string => `${Math.round(value)} ms`;
export const verdict = (ok: boolean): string => (ok ? 'within budget' : 'OVER BUDGET');
