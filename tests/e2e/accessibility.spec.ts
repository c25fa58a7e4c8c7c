import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  actions,
  lastReadyTasks,
  openTaskInApp,
  serverRead,
  signIn,
  storedAccessToken,
  syncStatus,
  waitForFirstSync,
  type TaskLike,
} from './support/app';

/**
 * WCAG 2.1 AA, checked by axe-core over the app's main screens in the light and the dark theme. A
 * critical or serious violation fails the test; moderate and minor ones are counted and printed.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Mantine keeps the chosen colour scheme in localStorage under this key (the user menu's switch). */
const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

const PATIENT = 'patient-maria-gonzalez';

type Scheme = 'light' | 'dark';

interface ScreenResult {
  screen: string;
  serious: string[];
  moderate: number;
  minor: number;
}

/** Waits until no CSS transition or animation runs, so colours are read as the user sees them. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running')
  );
}

/** Runs axe over the page as it is and records what it found under `screen`. */
async function check(page: Page, results: ScreenResult[], screen: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const result: ScreenResult = { screen, serious: [], moderate: 0, minor: 0 };
  for (const violation of violations) {
    for (const node of violation.nodes) {
      const impact = node.impact ?? violation.impact;
      if (impact === 'critical' || impact === 'serious') {
        const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ');
        result.serious.push(
          `${violation.id} (${impact}) at ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${summary}`
        );
      } else if (impact === 'moderate') {
        result.moderate += 1;
      } else {
        result.minor += 1;
      }
    }
  }
  results.push(result);
}

/** Follows an in-app link without reloading the page (the app reads its replica, not the network). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    window.history.pushState(window.history.state, '', href);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Prints the counts per screen and in total, and fails on any critical or serious violation. */
function report(scheme: Scheme, results: ScreenResult[]): void {
  const lines = results.map(
    (result) =>
      `  ${result.screen}: ${result.serious.length} serious/critical, ${result.moderate} moderate, ${result.minor} minor`
  );
  const total = (key: 'moderate' | 'minor') => results.reduce((sum, result) => sum + result[key], 0);
  const serious = results.flatMap((result) => result.serious.map((line) => `${result.screen}: ${line}`));
  console.log(
    [
      `axe, ${scheme} theme, ${results.length} screens:`,
      ...lines,
      `  total: ${serious.length} serious/critical, ${total('moderate')} moderate, ${total('minor')} minor`,
    ].join('\n')
  );
  expect(
    serious,
    `critical or serious WCAG violations in the ${scheme} theme:\n${serious.join('\n')}`
  ).toEqual([]);
}

/**
 * Makes the open task a version conflict: the task is changed on the server while the app, offline,
 * completes it; back online, the header offers the conflict.
 */
/** Tasks the doctor owns that are in progress, newest id first, skipping `offset` of them. */
async function ownTasksInProgress(page: Page, offset: number, count: number): Promise<TaskLike[]> {
  const bundle = await serverRead<{ entry?: { resource: TaskLike }[] }>(
    page,
    `Task?owner=Practitioner/practitioner-alice-smith&status=in-progress&_sort=-_id&_count=${count}&_offset=${offset}`
  );
  return (bundle.entry ?? []).map((entry) => entry.resource);
}

async function makeConflict(page: Page, taskId: string): Promise<void> {
  const context = page.context();
  await openTaskInApp(page, taskId);
  await context.setOffline(true);
  await actions(page).getByRole('button', { name: 'Complete Task' }).click();
  await expect(syncStatus(page).getByText('1 change waiting to sync')).toBeVisible();
  const task = await serverRead<Record<string, unknown>>(page, `Task/${taskId}`);
  const answer = await page.request.put(`/fhir/R4/Task/${taskId}`, {
    headers: {
      Authorization: `Bearer ${await storedAccessToken(page)}`,
      'Content-Type': 'application/fhir+json',
    },
    data: { ...task, status: 'on-hold' },
  });
  expect(answer.ok(), 'the other change is stored on the server').toBe(true);
  await context.setOffline(false);
  await expect(syncStatus(page).getByRole('button', { name: '1 conflict' })).toBeVisible({ timeout: 40_000 });
}

for (const [index, scheme] of (['light', 'dark'] as const).entries()) {
  test(`the main screens meet WCAG 2.1 AA in the ${scheme} theme`, async ({ page }) => {
    test.setTimeout(480_000);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      COLOR_SCHEME_KEY,
      scheme,
    ] as const);
    const results: ScreenResult[] = [];
    const main = page.getByRole('main');

    await page.goto('/signin');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await check(page, results, 'sign-in');

    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);

    // Every task queue of the menu.
    const queues = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[href^="/Task"]')
      .evaluateAll((links) =>
        links.map((link) => ({ label: link.textContent ?? '', href: link.getAttribute('href') ?? '' }))
      );
    expect(queues.length).toBeGreaterThan(1);
    for (const queue of queues) {
      await go(page, queue.href);
      await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
      await check(page, results, `queue '${queue.label}'`);
    }

    // New task, the dialog open.
    await go(page, '/Task');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'New Task' })).toBeVisible();
    await check(page, results, 'New Task dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'New Task' })).toHaveCount(0);

    // The task page, each tab.
    // Neither task is taken from the start of the unowned ready tasks, where other specs pick theirs
    // by position: the one looked at stays ready, and the conflict is made on one of the user's own.
    const [task] = await lastReadyTasks(page, 2 + index, 1);
    const [conflicted] = await ownTasksInProgress(page, index, 1);
    await openTaskInApp(page, task?.id ?? '');
    const taskTabs = await main.getByRole('tab').allTextContents();
    expect(taskTabs.length).toBeGreaterThan(1);
    for (const tab of taskTabs) {
      await main.getByRole('tab', { name: tab, exact: true }).click();
      await expect(main.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true'
      );
      await check(page, results, `task tab '${tab}'`);
    }

    // A patient list with filters.
    await go(page, '/Patient?gender=female');
    await expect(main.getByRole('table').first()).toBeVisible();
    await check(page, results, 'patient list, filtered');

    // A patient: each tab (summary, details, timeline, history).
    await go(page, `/Patient/${PATIENT}/summary`);
    await expect(main.getByRole('tab').first()).toBeVisible();
    const patientTabs = await main.getByRole('tab').allTextContents();
    for (const tab of patientTabs) {
      await main.getByRole('tab', { name: tab, exact: true }).click();
      await expect(main.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true'
      );
      await check(page, results, `patient tab '${tab}'`);
    }

    // The edit form of a resource, and a new Observation.
    await go(page, `/Patient/${PATIENT}/edit`);
    await expect(main.getByRole('button', { name: 'OK', exact: true }).first()).toBeVisible({
      timeout: 20_000,
    });
    await check(page, results, 'patient edit form');
    await go(page, '/Observation/new');
    await expect(main.getByRole('button', { name: 'OK', exact: true }).first()).toBeVisible({
      timeout: 20_000,
    });
    await check(page, results, 'new Observation');

    // A questionnaire being filled.
    await go(page, `/Questionnaire/questionnaire-new-patient-intake/form?subject=Patient/${PATIENT}`);
    const preferred = page.getByRole('textbox', { name: 'Preferred name' });
    await expect(preferred).toBeVisible({ timeout: 30_000 });
    await preferred.fill('Mari');
    await check(page, results, 'questionnaire being filled');

    // An upload page. (The developer mailbox exists in `npm run dev` only, not in the build tested here.)
    await go(page, '/upload/core');
    await expect(main.getByRole('button', { name: 'Upload core Data' })).toBeVisible();
    await check(page, results, 'upload page');

    // The conflicts drawer, with a conflict in it.
    await makeConflict(page, conflicted?.id ?? '');
    await syncStatus(page).getByRole('button', { name: '1 conflict' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conflicts and failed changes' });
    await expect(drawer.getByRole('region', { name: 'Conflict: Complete Task' })).toBeVisible();
    await check(page, results, 'conflicts drawer');

    report(scheme, results);
  });
}
