/** Steps of the app in the browser that several benches time: the page scripts run inside the page. */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { timeClick } from './page-scripts';

export const UNOWNED = '/Task?owner:missing=true&status:not=completed&_sort=-priority-order,due-date';

export const firstRow = (page: Page) => page.locator('table[aria-label="Tasks"] tbody tr').first();

/**
 * Clicks 'Sign in' (the password filled in) and resolves, inside the page, with the ms until the
 * first row of a task list is drawn: the app moves to its tasks without reloading the page.
 */
export const TIME_SIGN_IN_TO_ROWS = timeClick(
  `() => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Sign in')`,
  `() => !!document.querySelector('table[aria-label="Tasks"] tbody tr')`,
  60_000,
  `() => location.pathname + ': ' + document.body.innerText.slice(0, 200)`
);

/** The task link in a row's first cell (other cells may link to the owner or the patient). */
export const taskLink = (row: Locator) => row.locator('td').first().locator('a').first();

/**
 * Pause or resume the open task, timed inside the page: [click → the DOM showing the change (the
 * other button), click → the next animation frame after it]. A string, not a function: the bench
 * runs through a transpiler whose helpers the page lacks.
 */
export const TIME_PAUSE_OR_RESUME = `new Promise((resolve, reject) => {
  const find = (label) => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === label);
  // The panel's buttons wait while its previous command is being saved: a click on a disabled
  // button does nothing, so the timing starts once the button shown takes clicks. The button is
  // found again on every frame (a redraw may replace it, and a replaced one stays disabled).
  const waitUntil = Date.now() + 30000;
  const start = () => {
    const pause = find('Pause Task');
    const button = pause || find('Resume Task');
    if (!button || button.disabled || button.getAttribute('data-loading') !== null) {
      if (Date.now() > waitUntil)
        return reject(new Error(button ? 'The button stayed disabled for 30 s' : 'Neither Pause Task nor Resume Task is shown'));
      return requestAnimationFrame(start);
    }
    const expected = pause ? 'Resume Task' : 'Pause Task';
    let started = 0;
    // A change never drawn fails the run instead of holding the bench forever.
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(expected + ' was not shown within 10 s of the click'));
    }, 10000);
    const observer = new MutationObserver(() => {
      if (!find(expected)) return;
      observer.disconnect();
      clearTimeout(timer);
      const dom = performance.now() - started;
      requestAnimationFrame(() => resolve([dom, performance.now() - started]));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    started = performance.now();
    button.click();
  };
  start();
})`;

/**
 * Timed inside the page: from the click on the first row's link to the opened task's 'Task Actions'
 * heading drawn (the task read from the replica and its page rendered).
 */
export const TIME_OPEN_FIRST_TASK = timeClick(
  `() => document.querySelector('table[aria-label="Tasks"] tbody tr a')`,
  `() => [...document.querySelectorAll('h2')].some((h) => h.textContent.trim() === 'Task Actions')`,
  10_000
);

/**
 * Opens the first unowned task, asks to claim it and times, inside the page, from the confirming
 * click to the claim button gone from the Task Actions.
 */
export async function claim(page: Page, base: string): Promise<number> {
  await page.goto(`${base}${UNOWNED}`);
  await taskLink(firstRow(page)).click();
  await page.getByRole('button', { name: 'Claim Task' }).click();
  await page.getByRole('button', { name: 'Confirm' }).waitFor();
  return page.evaluate<number>(TIME_CONFIRMED_CLAIM);
}

export const TIME_CONFIRMED_CLAIM = `new Promise((resolve, reject) => {
  const panel = () => document.querySelector('section[aria-label="Task Actions"]');
  const claimShown = () => [...(panel()?.querySelectorAll('button') ?? [])].some((b) => b.textContent.trim() === 'Claim Task');
  const confirm = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Confirm');
  if (!confirm) return reject(new Error('No Confirm button'));
  let started = 0;
  const observer = new MutationObserver(() => {
    if (claimShown()) return;
    observer.disconnect();
    resolve(performance.now() - started);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  started = performance.now();
  confirm.click();
})`;

/**
 * Notes, in every page of `context`, when the first load's progress ('Loading tasks: …') has been
 * shown and is gone again: rows may be drawn from the server's first page before the load has
 * stored anything, so rows on screen do not say that the load is done.
 */
export async function watchFirstLoad(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const check = () => {
      const shown = !!document.querySelector('[role="progressbar"][aria-label^="Loading tasks"]');
      if (shown) window.__firstLoadSeen = true;
      else if (window.__firstLoadSeen) window.__firstLoadDone = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })()`);
}

/**
 * Resolves once a page watched by `watchFirstLoad` saw the first load's progress end. Checked every
 * 100 ms, not every animation frame: a check per frame keeps the page drawing frames, which at a
 * slowed CPU took 200–300 ms of its thread per second of the load it measures.
 */
export async function firstLoadDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as { __firstLoadDone?: boolean }).__firstLoadDone === true,
    undefined,
    { timeout: 60_000, polling: 100 }
  );
}
