import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForFirstSync } from './support/app';

/** Every Content-Security-Policy violation the page reports, from the console and the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('the app under its Content-Security-Policy', () => {
  test('signs in, syncs and opens a task with no policy violation, so no inline script or style is blocked', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const landing = await page.goto('/');
    const policy = landing?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await expect(page.getByRole('heading', { name: 'All Tasks' })).toBeVisible();
    await page.getByRole('link', { name: 'My Tasks' }).first().click();
    await page.getByRole('row').nth(1).getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/Task\/[^/]+/);
    await page.goto('/admin/console/Patient').catch(() => undefined);
    expect(violations).toEqual([]);
  });
});
