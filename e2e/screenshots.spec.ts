import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { ADMIN, INVESTIGATOR, loginAs, openStaffLogin, switchAdminLanguage } from './helpers';

// Writes files, so only on demand: SCREENSHOTS=1 npx playwright test screenshots
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.use({ viewport: { width: 1280, height: 800 } });

const dir = process.env.SCREENSHOTS_DIR ?? fileURLToPath(new URL('../screenshots/', import.meta.url));
const shoot = (page: Page, name: string) => page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });

/** The dashboard once its cards have loaded. */
async function dashboardLoaded(page: Page) {
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

test('admin login (sv)', async ({ page }) => {
  await openStaffLogin(page);
  await shoot(page, 'admin-login-sv');
});

test('admin dashboard (sv, en)', async ({ page }) => {
  await loginAs(page, ADMIN, 'Anna');
  await dashboardLoaded(page);
  await shoot(page, 'admin-dashboard-sv');
  await switchAdminLanguage(page, 'Svenska', 'English');
  await expect(page.getByRole('heading', { name: 'Welcome, Anna' })).toBeVisible();
  await dashboardLoaded(page);
  await shoot(page, 'admin-dashboard-en');
});

test('admin 403', async ({ page }) => {
  await loginAs(page, INVESTIGATOR, 'Erik');
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
  await shoot(page, 'admin-403');
});

test('portal pages', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Registrera dig eller logga in', level: 1 })).toBeVisible();
  await shoot(page, 'portal-register');
  await page.goto('/finns-inte');
  await expect(page.getByRole('heading', { name: 'Sidan finns inte', level: 1 })).toBeVisible();
  await shoot(page, 'portal-404');
  await page.goto('/403');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
  await shoot(page, 'portal-403');
});

/**
 * Settings → Data protection in both languages, as shot on the current viewport with `suffix`: under the shortest
 * rules, so that the preview of a run lists last year's demo period; then the defaults back.
 */
async function shootDataProtection(page: Page, suffix: string) {
  await loginAs(page, ADMIN, 'Anna');
  await page.goto('/admin/data-protection');
  const rule = (name: string) => page.getByRole('textbox', { name });
  const setRules = async (names: string[], values: string[], save: string, saved: string) => {
    for (const [i, name] of names.entries()) await rule(name).fill(values[i]);
    await page.getByRole('button', { name: save }).click();
    await expect(page.getByText(saved)).toBeVisible();
  };
  await setRules(
    ['Radering av utkast (månader)', 'Anonymisering av avslagna (månader)', 'Anonymisering av beviljade (år)'],
    ['1', '1', '1'],
    'Spara gallringsreglerna',
    'Gallringsreglerna är sparade.',
  );
  // The message hides once the pointer is off it (on a phone it appears where the button was tapped).
  await page.mouse.move(0, 0);
  await expect(page.getByText('Gallringsreglerna är sparade.')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText(/^Ansökningsomgång \d{4}/).first()).toBeVisible();
  await shoot(page, `admin-data-protection-sv${suffix}`);
  await switchAdminLanguage(page, 'Svenska', 'English');
  await expect(rule('Draft deletion (months)')).toBeVisible();
  await shoot(page, `admin-data-protection-en${suffix}`);
  await setRules(
    ['Draft deletion (months)', 'Anonymisation of rejected (months)', 'Anonymisation of approved (years)'],
    ['12', '24', '7'],
    'Save the retention rules',
    'The retention rules are saved.',
  );
}

test('admin data protection (sv, en)', async ({ page }) => shootDataProtection(page, ''));

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('admin data protection (sv, en)', async ({ page }) => shootDataProtection(page, '-phone'));
  test('portal register', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Registrera dig eller logga in', level: 1 })).toBeVisible();
    await shoot(page, 'portal-register-phone');
  });
});
