import { expect, test, type Locator, type Page } from '@playwright/test';
import { lastReadyTasks, openTaskInApp, signIn, waitForFirstSync } from './support/app';

const PATIENT = 'patient-maria-gonzalez';

/**
 * The product's touch target: 44 × 44 CSS px. A box measured at 43.5 or more passes, so a target
 * drawn at 44 px on a fractional layout position is not reported for its rounding.
 */
const MIN_TARGET = 43.5;

/** A landscape tablet and a phone: the widest touch layout and the narrowest. */
const SIZES = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

interface ScreenScan {
  screen: string;
  measured: number;
  small: SmallTarget[];
}

/**
 * Every visible control under `scope` whose target is smaller than 44 × 44 px. A control is a button,
 * a link with an address, a field, or an element with a control's role. Its target is its own box or,
 * for a field, the box of a <label> that wraps it or names it with `for` (a tap there works the field),
 * whichever is bigger. Not measured: zero-size or 1-px (visually hidden) elements, hidden ones and
 * those under aria-hidden, and a link inside running text (a paragraph with other words), which
 * WCAG 2.5.8 exempts as inline.
 */
async function scan(scope: Locator, screen: string): Promise<ScreenScan> {
  const result = await scope.evaluate((root, min) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[role="combobox"]',
    ].join(',');

    const shown = (element: Element, rect: DOMRect): boolean =>
      rect.width > 1 &&
      rect.height > 1 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('[aria-hidden="true"], [inert]');

    const inRunningText = (element: Element): boolean => {
      if (element.tagName !== 'A') return false;
      const paragraph = element.closest('p');
      if (!paragraph) return false;
      const own = (element.textContent ?? '').trim();
      return (paragraph.textContent ?? '').trim() !== own;
    };

    const nameOf = (element: Element): string => {
      const labelled = element.getAttribute('aria-label');
      const field = element as HTMLInputElement;
      const label = field.labels?.[0]?.textContent;
      const text =
        labelled ??
        (label || element.textContent || element.getAttribute('placeholder') || element.getAttribute('name'));
      const kind = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const type = element.getAttribute('type');
      return `${kind}${type ? `[${type}]` : ''} '${(text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)}'`;
    };

    let measured = 0;
    const small: { name: string; width: number; height: number }[] = [];
    for (const element of root.querySelectorAll(selector)) {
      const rect = element.getBoundingClientRect();
      const labels = [...((element as HTMLInputElement).labels ?? [])]
        .map((label) => ({ label, rect: label.getBoundingClientRect() }))
        .filter(({ label, rect: box }) => shown(label, box))
        .map(({ rect: box }) => box);
      // A field drawn by its label (a zero-size or transparent input) is measured by that label.
      if (!shown(element, rect) && labels.length === 0) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      if (inRunningText(element)) continue;
      measured += 1;
      const boxes = shown(element, rect) ? [rect, ...labels] : labels;
      const best = boxes.reduce((a, b) =>
        Math.min(b.width, b.height) > Math.min(a.width, a.height) ? b : a
      );
      if (best.width < min || best.height < min) {
        small.push({
          name: nameOf(element),
          width: Math.round(best.width * 10) / 10,
          height: Math.round(best.height * 10) / 10,
        });
      }
    }
    return { measured, small };
  }, MIN_TARGET);
  return { screen, ...result };
}

/** Navigates inside the app (no page load, so the replica and the session stay as they are). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    window.history.pushState(window.history.state, '', href);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Clicks a tab of the main area and waits until it is the selected one. */
async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('main').getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

function describe(scans: ScreenScan[]): string {
  return scans
    .flatMap((scan) =>
      scan.small.map((target) => `${scan.screen}: ${target.name} ${target.width}×${target.height}`)
    )
    .join('\n');
}

for (const size of SIZES) {
  test(`every control is a target of at least 44 × 44 px at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const scans: ScreenScan[] = [];
    const body = page.locator('body');
    const main = page.getByRole('main');

    await page.goto('/signin');
    await expect(page.getByLabel('Email')).toBeVisible();
    scans.push(await scan(body, 'sign-in'));

    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);

    await go(page, '/Task');
    const queue = page.getByRole('table', { name: 'Tasks' });
    await expect(queue.getByRole('row').nth(1)).toBeVisible();
    scans.push(await scan(body, 'All Tasks'));

    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await expect(dialog).toBeVisible();
    scans.push(await scan(dialog, 'New Task dialog'));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // A task no other spec changes: counted from the newest ready one, past those others look at.
    const [task] = await lastReadyTasks(page, 6, 1);
    await openTaskInApp(page, task?.id ?? '');
    await expect(main.getByRole('table').first()).toBeVisible();
    scans.push(await scan(body, 'task Details'));
    await openTab(page, 'Timeline');
    await expect(main.getByRole('tabpanel', { name: 'Timeline' })).toBeVisible();
    scans.push(await scan(body, 'task Timeline'));
    await openTab(page, 'Notes');
    await expect(main.getByRole('tabpanel', { name: 'Notes' })).toBeVisible();
    scans.push(await scan(body, 'task Notes'));

    await go(page, '/Patient?gender=female');
    await expect(main.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
    scans.push(await scan(body, 'patient list, filtered'));

    await go(page, `/Patient/${PATIENT}/summary`);
    await expect(main.getByText('Migraine').first()).toBeVisible({ timeout: 20_000 });
    scans.push(await scan(body, 'patient summary'));

    await openTab(page, 'Timeline');
    await expect(main.getByRole('link', { name: 'Version 1' })).toBeVisible({ timeout: 20_000 });
    scans.push(await scan(body, 'patient timeline'));

    await go(page, `/Questionnaire/questionnaire-new-patient-intake/form?subject=Patient/${PATIENT}`);
    await expect(page.getByRole('textbox', { name: 'Preferred name' })).toBeVisible({ timeout: 30_000 });
    scans.push(await scan(body, 'questionnaire'));

    await go(page, `/Patient/${PATIENT}/edit`);
    await expect(main.getByRole('button', { name: 'OK', exact: true }).first()).toBeVisible({
      timeout: 20_000,
    });
    scans.push(await scan(body, 'patient edit form'));

    console.log(
      `touch targets at ${size.width}×${size.height}:\n` +
        scans
          .map((scan) => `  ${scan.screen}: ${scan.small.length} of ${scan.measured} under 44 px`)
          .join('\n')
    );
    for (const scan of scans) expect(scan.measured, `controls measured on ${scan.screen}`).toBeGreaterThan(0);
    expect(describe(scans), 'controls under 44 × 44 px').toBe('');
  });
}
