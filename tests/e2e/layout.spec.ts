import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  actions,
  cutApi,
  openTaskInApp,
  QUEUE_COLUMN_HEADERS,
  readyTasks,
  SCREENSHOTS,
  serverRead,
  signedInContext,
  type TaskLike,
} from './support/app';

/** The three screens the app is laid out for: a landscape tablet, a portrait tablet and a phone. */
const LANDSCAPE = { name: 'landscape', width: 1024, height: 768 };
const PORTRAIT = { name: 'portrait', width: 768, height: 1024 };
const PHONE = { name: 'phone', width: 390, height: 844 };
const SCREENS = [LANDSCAPE, PORTRAIT, PHONE];

type Screen = (typeof SCREENS)[number];

interface PatientLike {
  id: string;
  name?: { given?: string[]; family?: string }[];
}

interface TaskWithPatient extends TaskLike {
  code?: { text?: string; coding?: { display?: string }[] };
  for?: { reference?: string };
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found as { x: number; y: number; width: number; height: number };
}

async function shoot(page: Page, what: 'task' | 'queue' | 'patient', screen: Screen): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/layout-${what}-${screen.width}x${screen.height}.png` });
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const taskTabs = (page: Page) => page.getByRole('main').getByRole('tablist');
const detailsTable = (page: Page) => page.getByRole('table', { name: 'Task details' });
const patientSummary = (page: Page) => page.getByRole('region', { name: 'Patient summary' });

/** A fresh signed-in page at a screen size, and a ready task with its patient's name. */
async function setUp(browser: Parameters<typeof signedInContext>[0], offset: number) {
  const { page } = await signedInContext(browser, 'doctor@example.com');
  const [task] = (await readyTasks(page, offset, 1)) as [TaskWithPatient];
  const patient = await serverRead<PatientLike>(page, task.for?.reference ?? '');
  const name = patient.name?.[0];
  const patientName = [name?.given?.[0], name?.family].filter(Boolean).join(' ');
  const code = task.code?.text ?? task.code?.coding?.[0]?.display ?? '';
  return { page, task, patient, patientName, code };
}

test.describe('the task page at every screen size', () => {
  test('1024×768: the header, the actions and the start of the Details tab are above the fold; the patient folds', async ({
    browser,
  }) => {
    const { page, task, patientName, code } = await setUp(browser, 0);
    await page.setViewportSize(LANDSCAPE);
    await openTaskInApp(page, task.id);
    await expect(detailsTable(page)).toBeVisible();
    await shoot(page, 'task', LANDSCAPE);

    const fold = LANDSCAPE.height;
    const heading = page.getByRole('heading', { level: 1, name: code });
    expect((await box(heading)).y + (await box(heading)).height).toBeLessThanOrEqual(fold);
    for (const name of ['Claim Task', 'Pause Task', 'Complete Task']) {
      const button = await box(actions(page).getByRole('button', { name }));
      expect(button.y + button.height, `${name} above the fold`).toBeLessThanOrEqual(fold);
    }
    const tab = await box(taskTabs(page).getByRole('tab', { name: 'Details' }));
    expect(tab.y + tab.height).toBeLessThanOrEqual(fold);
    // The start of the tab: its first rows, not only its label.
    const codeRow = await box(detailsTable(page).getByRole('row', { name: /^Code/ }));
    expect(codeRow.y + codeRow.height).toBeLessThanOrEqual(fold);

    // The patient is one line, above the tabs, that unfolds the whole summary.
    const patient = page.getByRole('region', { name: 'Patient' });
    await expect(patient).toContainText(patientName);
    await expect(patientSummary(page)).toHaveCount(0);
    const show = patient.getByRole('button', { name: 'Show patient summary' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    expect((await box(show)).height).toBeGreaterThanOrEqual(44);
    await show.click();
    await expect(patientSummary(page)).toBeVisible();
    await expect(patient.getByRole('button', { name: 'Hide patient summary' })).toHaveAttribute(
      'aria-expanded',
      'true'
    );
    // Unfolded, it pushes the tabs down but the actions keep their place at the right.
    expect((await box(actions(page))).x).toBeGreaterThan((await box(patientSummary(page))).x);
  });

  test('from 1280 px: three columns, the patient (4), the tabs (5) and the actions (3)', async ({
    browser,
  }) => {
    const { page, task } = await setUp(browser, 1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openTaskInApp(page, task.id);
    const summary = await box(patientSummary(page));
    const tabs = await box(taskTabs(page));
    const panel = await box(actions(page));
    expect(summary.x + summary.width).toBeLessThanOrEqual(tabs.x);
    expect(tabs.x + tabs.width).toBeLessThanOrEqual(panel.x);
    // Side by side: the three start on one line.
    expect(Math.abs(summary.y - panel.y)).toBeLessThan(60);
    expect(tabs.y).toBeLessThan(summary.y + 60);
    // Widths in the proportion 4 : 5 : 3 (gaps aside).
    expect(summary.width / panel.width).toBeGreaterThan(1.15);
    expect(tabs.width).toBeGreaterThan(summary.width);
  });

  test('768×1024: the menu starts closed; the actions, then the patient line, then the tabs', async ({
    browser,
  }) => {
    const { page, task } = await setUp(browser, 2);
    await page.setViewportSize(PORTRAIT);
    await page.reload();
    await openTaskInApp(page, task.id);
    await expect(navigation(page)).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
      'aria-expanded',
      'false'
    );
    await expect(detailsTable(page)).toBeVisible();
    await shoot(page, 'task', PORTRAIT);
    const panel = await box(actions(page));
    const patient = await box(page.getByRole('region', { name: 'Patient' }));
    const tab = await box(taskTabs(page).getByRole('tab', { name: 'Details' }));
    expect(panel.y + panel.height).toBeLessThanOrEqual(patient.y);
    expect(patient.y + patient.height).toBeLessThanOrEqual(tab.y);
    expect(tab.y + tab.height).toBeLessThanOrEqual(PORTRAIT.height);
    // The page has the whole width: the actions span it.
    expect(panel.width).toBeGreaterThan(PORTRAIT.width - 80);
  });

  test('390×844: one column, the actions first', async ({ browser }) => {
    const { page, task } = await setUp(browser, 3);
    await page.setViewportSize(PHONE);
    await openTaskInApp(page, task.id);
    await expect(detailsTable(page)).toBeVisible();
    await shoot(page, 'task', PHONE);
    const panel = await box(actions(page));
    const tabs = await box(taskTabs(page));
    expect(panel.y + panel.height).toBeLessThanOrEqual(tabs.y);
    expect(Math.abs(panel.x - tabs.x)).toBeLessThan(2);
    expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
    const claim = await box(actions(page).getByRole('button', { name: 'Claim Task' }));
    expect(claim.y + claim.height).toBeLessThanOrEqual(PHONE.height);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('queues at every screen size', () => {
  test('All Tasks lists the queue columns; a narrow list keeps For and Priority in view and names what it leaves out', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    await page.setViewportSize({ width: 1440, height: 900 });
    await navigation(page).getByRole('link', { name: 'All Tasks' }).click();
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table.getByRole('columnheader')).toHaveText([...QUEUE_COLUMN_HEADERS]);

    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await page.reload();
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await shoot(page, 'queue', screen);
      for (const name of ['Code', 'For', 'Priority']) {
        await expect(table.getByRole('columnheader', { name }), `${name} at ${screen.width}`).toBeInViewport({
          ratio: 1,
        });
      }
    }

    // A portrait tablet: the menu is closed, and the list does not scroll sideways.
    await page.setViewportSize(PORTRAIT);
    await page.reload();
    await expect(navigation(page)).not.toBeInViewport();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Code',
      'Owner',
      'For',
      'Priority',
      'Due Date',
    ]);
    await expect(page.getByText('Not shown at this width: Last Updated, Performer Type.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tasks, scrolls sideways' })).toHaveCount(0);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(PORTRAIT.width);
  });

  test('a list that still does not fit scrolls sideways, shaded at the edge and saying so', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    // Narrower than any phone the app is made for: even Code, For and Priority need more.
    await page.setViewportSize({ width: 260, height: 700 });
    await page.goto('/Task?_fields=code,for,priority');
    const scroller = page.getByRole('region', { name: 'Tasks, scrolls sideways' });
    await expect(scroller).toBeVisible();
    await expect(page.getByText('Scroll sideways to see every column.')).toBeVisible();
    await expect(page.getByTestId('more-right')).toBeVisible();
    await expect(page.getByTestId('more-left')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-queue-scrolls-260x700.png` });

    // The keyboard reaches it and scrolls it; at the end the shade moves to the other edge.
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(page.getByTestId('more-right')).toHaveCount(0);
    await expect(page.getByTestId('more-left')).toBeVisible();
  });
});

test.describe('the spec’s layout rules', () => {
  test('the patient page at every size is titled with the patient’s name', async ({ browser }) => {
    const { page, patient, patientName } = await setUp(browser, 4);
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await page.goto(`/Patient/${patient.id}`);
      await expect(page.getByRole('heading', { level: 1, name: patientName })).toBeVisible();
      await expect(patientSummary(page).getByRole('region', { name: 'Allergies' })).toBeVisible();
      await shoot(page, 'patient', screen);
    }
    await expect(page).toHaveTitle(`${patientName} · Patient – CareQueue`);
    expect(await page.title()).not.toContain(patient.id);
  });

  test('a task’s title names its code and patient; a list its queue', async ({ browser }) => {
    const { page, task, patientName, code } = await setUp(browser, 5);
    await expect(page).toHaveTitle('All Tasks – CareQueue');
    await openTaskInApp(page, task.id);
    await expect(page).toHaveTitle(`${code} · ${patientName} – CareQueue`);
    expect(await page.title()).not.toContain(task.id);
  });

  test('390×844: the header says Offline in full beside the changes waiting', async ({ browser }) => {
    const { page, task } = await setUp(browser, 7);
    await page.setViewportSize(PHONE);
    await cutApi(page.context());
    await openTaskInApp(page, task.id);
    for (const text of ['Narrow header, one', 'Narrow header, two']) {
      await actions(page).getByLabel('Note').fill(text);
      await actions(page).getByRole('button', { name: 'Add Note' }).click();
      await expect(actions(page).getByLabel('Note')).toHaveValue('');
    }
    const status = page.getByRole('status', { name: 'Sync status' });
    await expect(status.getByText('2 changes waiting to sync')).toBeVisible();
    const badge = status.getByText('Offline', { exact: true });
    await expect(badge).toBeVisible();
    // Drawn whole: no ellipsis in place of its end.
    const clipped = await badge.evaluate((label) => label.scrollWidth > label.clientWidth);
    expect(clipped, 'the Offline badge is cut short').toBe(false);
    await page
      .locator('header')
      .first()
      .screenshot({ path: `${SCREENSHOTS}/layout-header-offline-390x844.png` });
  });

  test('toasts show at the bottom right', async ({ browser }) => {
    const { page, task } = await setUp(browser, 6);
    await openTaskInApp(page, task.id);
    await actions(page).getByRole('button', { name: 'Pause Task' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Task paused' }).first();
    await expect(toast).toBeVisible();
    const viewport = page.viewportSize() ?? LANDSCAPE;
    const drawn = await box(toast);
    expect(drawn.x).toBeGreaterThan(viewport.width / 2);
    expect(viewport.width - (drawn.x + drawn.width)).toBeLessThan(40);
    expect(viewport.height - (drawn.y + drawn.height)).toBeLessThan(40);
  });

  test('at 1024×768 toasts never cover the task’s actions: one shows at a time, the next waits', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    // A task in progress, left in progress: Pause then Resume takes no task from the ready ones
    // other specs pick theirs from.
    const inProgress = await serverRead<{ entry?: { resource: TaskLike }[] }>(
      page,
      'Task?status=in-progress&_sort=-_id&_count=1&_offset=10'
    );
    const task = inProgress.entry?.[0]?.resource;
    expect(task?.id, 'a task in progress').toBeTruthy();
    await page.setViewportSize(LANDSCAPE);
    await openTaskInApp(page, task?.id ?? '');
    // Two actions in a row make two toasts together.
    await actions(page).getByRole('button', { name: 'Pause Task' }).click();
    await actions(page).getByRole('button', { name: 'Resume Task' }).click();
    const toasts = page.locator('.mantine-Notification-root');
    await expect(toasts.first()).toBeVisible();
    const first = (await toasts.first().textContent()) ?? '';
    // Every action stays where a tap reaches it while the toasts come and go.
    for (const name of ['Delete Task', 'Assign Role', 'Complete Task']) {
      const target = actions(page).getByRole('button', { name });
      const hit = await target.evaluate((button) => {
        const rect = button.getBoundingClientRect();
        const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return !!top && button.contains(top);
      });
      expect(hit, `${name} is not covered by a toast`).toBe(true);
    }
    await expect(toasts).toHaveCount(1);
    // The next toast shows once the first has gone.
    await expect(toasts.first()).not.toHaveText(first, { timeout: 15_000 });
    await expect(toasts.first()).toBeVisible();
  });

  test('the compact theme’s sizes are the ones drawn', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    await page.setViewportSize(PORTRAIT);
    await page.reload();
    const style = (locator: Locator) =>
      locator.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { size: computed.fontSize, weight: computed.fontWeight };
      });
    // h1 1.125rem, weight 500.
    expect(await style(page.getByRole('heading', { level: 1, name: 'All Tasks' }))).toEqual({
      size: '18px',
      weight: '500',
    });
    // xs 0.6875rem: the list's note on its columns.
    expect((await style(page.getByText(/^Not shown at this width/))).size).toBe('11px');
    // sm 0.875rem: a list cell; md 0.875rem: the page's body text.
    const cell = page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1).locator('p').first();
    expect((await style(cell)).size).toBe('14px');
    expect((await style(page.locator('body'))).size).toBe('14px');
    // lg 1rem: the app's name in the header.
    expect((await style(page.getByRole('button', { name: 'Toggle navigation' }).locator('p'))).size).toBe(
      '16px'
    );
    // xl 1.125rem, as the theme's variable resolves in the page.
    const xl = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.fontSize = 'var(--mantine-font-size-xl)';
      document.body.append(probe);
      const size = getComputedStyle(probe).fontSize;
      probe.remove();
      return size;
    });
    expect(xl).toBe('18px');
  });
});
