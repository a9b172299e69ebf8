import { expect, test } from './fixtures';
import { pageTitle } from './helpers';

test('an applicant route without a session leads to /register', async ({ page }) => {
  await page.goto('/ansok');
  await expect(page).toHaveURL('/register?redirect=%2Fansok');
  await expect(page.getByRole('heading', { name: 'Registrera dig eller logga in', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Registrera dig eller logga in'));
});

test('an unknown path shows the not-found page and /403 the forbidden page', async ({ page }) => {
  await page.goto('/finns-inte');
  await expect(page.getByRole('heading', { name: 'Sidan finns inte', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Sidan finns inte'));

  await page.goto('/403');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Åtkomst nekad'));
});

test('the portal does not download the admin app', async ({ page, request }) => {
  // The admin page's own entry script, from its HTML.
  const adminHtml = await (await request.get('/admin')).text();
  const adminEntry = adminHtml.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  expect(adminEntry).toMatch(/^\/assets\/admin-[\w-]+\.js$/);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || new URL(r.url()).pathname.endsWith('.js')) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Registrera dig eller logga in', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/portal-[\w-]+\.js$/));
  expect(scripts).not.toContain(adminEntry);
  expect(scripts.filter((url) => url.includes('/assets/admin'))).toEqual([]);
});

test('the language switch changes the portal to English and is remembered', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Språk: English' }).click();
  await expect(page.getByRole('heading', { name: 'Register or sign in', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Register or sign in'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Register or sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language: Svenska' })).toBeVisible();
});

test('a visitor who has not registered reads the FAQ from the footer, in Swedish and in English', async ({ page }) => {
  await page.goto('/ansok');
  await expect(page).toHaveURL(/^[^?]+\/register\?/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Läs vanliga frågor' }).click();
  await expect(page).toHaveURL('/vanliga-fragor');
  await expect(page.getByRole('heading', { name: 'Vanliga frågor', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Vanliga frågor'));
  const questions = page.getByRole('button', { expanded: false });
  await expect(questions.nth(2)).toBeVisible();
  const question = (await questions.first().innerText()).trim();
  await questions.first().click();
  await expect(page.getByRole('region', { name: question })).toBeVisible();

  await page.getByRole('button', { name: 'Språk: English' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  // The foundation's own questions in English too, as the demo has written them.
  await expect(page.getByRole('heading', { name: 'Who can apply for a grant from the foundation?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: question })).toHaveCount(0);
  // Still a visitor: the header offers registering, not the applicant's pages.
  await expect(page.getByRole('link', { name: 'Register or sign in' })).toBeVisible();
});
