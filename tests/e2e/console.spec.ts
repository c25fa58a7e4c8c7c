import { expect, test } from '@playwright/test';
import type { Bundle, DiagnosticReport } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import { SCREENSHOTS, signIn, waitForFirstSync } from './support/app';

let api: ApiSession;

test.beforeAll(async () => {
  api = await signInByApi(String(test.info().project.use.baseURL), 'doctor@example.com');
});

async function serverIds(type: string, query: string): Promise<{ ids: string[]; total: number }> {
  const response = await api.fetch(`fhir/R4/${type}?${query}&_total=accurate`);
  const bundle = (await response.json()) as Bundle;
  return { ids: (bundle.entry ?? []).map((entry) => entry.resource?.id ?? ''), total: bundle.total ?? 0 };
}

test.describe('the generic console', () => {
  test('lists patients with the default columns, in the server order, and pages', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await page.goto('/Patient');
    const table = page.getByRole('table', { name: 'Patient list' });
    await expect(table.getByRole('columnheader')).toHaveText(['', 'Name ▾', 'Birthdate ▾', 'Gender ▾']);
    const expected = await serverIds('Patient', '_sort=-_lastUpdated&_count=20');
    const rows = table.locator('tbody tr');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-resource-id'))))
      .toEqual(expected.ids);
    await expect(page.getByLabel('Count')).toHaveText(`1–${expected.ids.length} of ${expected.total}`);
    await page.screenshot({ path: `${SCREENSHOTS}/console-patients-1024x768.png` });
    if (expected.total > 20) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/_offset=20/);
      const second = await serverIds('Patient', '_sort=-_lastUpdated&_count=20&_offset=20');
      await expect(rows.first()).toHaveAttribute('data-resource-id', second.ids[0] ?? '');
    }
    await page.goto('/Patient?name=NoSuchNameAtAll');
    await expect(page.getByText('No results')).toBeVisible();
  });

  test('names an unknown resource type instead of failing', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await page.goto('/Patientz');
    await expect(page.getByText('Unknown resource type')).toBeVisible();
    await page.goto('/Patientz/1/details');
    await expect(page.getByText('Unknown resource type')).toBeVisible();
  });

  test('a diagnostic report opens on its Report tab; History links to each version', async ({ page }) => {
    const response = await api.fetch('fhir/R4/DiagnosticReport?_count=1&_sort=-_lastUpdated');
    const report = ((await response.json()) as Bundle<DiagnosticReport>).entry?.[0]?.resource;
    const id = report?.id ?? '';
    expect(id).not.toBe('');
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await page.goto(`/DiagnosticReport/${id}`);
    await expect(page).toHaveURL(new RegExp(`/DiagnosticReport/${id}/report$`));
    await expect(page.getByRole('tab')).toHaveText(['Report', 'Details', 'Timeline', 'History']);
    const results = page.getByRole('table', { name: 'Results' });
    await expect(results.getByRole('columnheader')).toHaveText([
      'Test',
      'Value',
      'Reference Range',
      'Interpretation',
      'Category',
      'Performer',
      'Status',
    ]);
    await expect(results.locator('tbody tr')).toHaveCount(report?.result?.length ?? 0);
    await page.screenshot({ path: `${SCREENSHOTS}/console-report-1024x768.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/DiagnosticReport/${id}/details$`));
    await expect(page.getByRole('table', { name: 'Resource details' })).toContainText(id);

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(new RegExp(`/DiagnosticReport/${id}/history$`));
    const history = page.getByRole('table', { name: 'History' });
    await expect(history.getByRole('columnheader')).toHaveText(['Author', 'Date', 'Version']);
    const version = report?.meta?.versionId ?? '';
    await history.getByRole('link', { name: version, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/DiagnosticReport/${id}/_history/${version}$`));
    await expect(page.getByRole('heading', { name: `Version ${version}` })).toBeVisible();

    await page.goto(`/DiagnosticReport/${id}/timeline`);
    await expect(page.getByText(`Version ${version}`).first()).toBeVisible();
  });

  test('offline, a type the device does not keep says so', async ({ page, context }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await context.setOffline(true);
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/Observation');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByText('Not available offline')).toBeVisible();
    await context.setOffline(false);
  });
});
