import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, signInAnyLanguage } from './helpers';

// The follow-up tab of the application dialog and a period's follow-up requests, on a phone and a screen: reached by
// the address and the keyboard, no axe violation, never wider than the window.
const viewports = { phone: { width: 390, height: 844 }, screen: { width: 1280, height: 800 } };

interface DecidedRow {
  uuid: string;
  reference: string;
  status: number;
  followup_at: string | null;
  period: { id: number; uuid: string; name: string };
}

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`follow-up in the admin (${device})`, () => {
    test.use({ viewport });

    test('the follow-up tab opens from the address and asks before requesting', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAnyLanguage(page, ADMIN);
      const decided = (await (await page.request.get('/api/v1/applications/decided?per_page=100')).json()) as {
        data: { data: DecidedRow[] };
      };
      const approved = decided.data.data.find((r) => r.status === 40 && !r.followup_at)!;

      await page.goto(`/admin/decision?show=${approved.uuid}&tab=followup`);
      const dialog = page.getByRole('dialog', { name: new RegExp(`^Ansökan ${approved.reference}`) });
      await expect(dialog.getByRole('tab', { name: 'Uppföljning' })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByText(/^Ingen uppföljning har begärts/)).toBeVisible();
      await expectAccessible(page);
      await expectNoSideScroll(page);

      await dialog.getByRole('button', { name: 'Begär uppföljning' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Begär uppföljning?' });
      await expect(confirm.getByText(/får ett mejl med en länk/)).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
      // Keyboard: the tabs move with the arrow keys, and the address follows.
      await dialog.getByRole('tab', { name: 'Uppföljning' }).focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/tab=dialogue/);
    });

    test('a period’s follow-up requests open from the period and close with Escape', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAnyLanguage(page, ADMIN);
      const periods = (await (await page.request.get('/api/v1/periods?per_page=1')).json()) as { data: { data: { id: number }[] } };
      await page.goto(`/admin/periods/${periods.data.data[0].id}`);
      await page.getByRole('button', { name: 'Begär uppföljningar' }).click();
      const dialog = page.getByRole('dialog', { name: /^Begär uppföljningar – / });
      await expect(dialog.getByRole('button', { name: /Stäng|Avbryt/ })).toBeVisible();
      await expectAccessible(page);
      await expectNoSideScroll(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });
  });
}
