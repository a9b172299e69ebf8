import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { applicantWithApplication, registeredApplicant, sendInApplication, signInInBrowser, xhr } from './applicants';
import { generate } from 'otplib';
import { ADMIN, INVESTIGATOR, loginAs, openStaffLogin, PASSWORD, secondStaffUser, signInThroughApi, switchAdminLanguage } from './helpers';

// Pictures of the pages, not tests: `npm run screenshots` writes them to screenshots/ (or SCREENSHOTS_DIR).
test.use({ viewport: { width: 1280, height: 800 } });

const dir = process.env.SCREENSHOTS_DIR ?? fileURLToPath(new URL('../screenshots/', import.meta.url));
const shoot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${dir}/${name}.png`, fullPage });

/** A dialog once it has faded in, shot on the screen it covers. */
async function shootDialog(page: Page, name: string) {
  await expect(page.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1');
  await shoot(page, name, false);
}

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
 * rules, so that the preview of a run lists last year's demo period, postponed with a reason, and a run (which does
 * nothing there) in the list of runs; the postpone and run dialogs too. Then the postponement lifted and the defaults back.
 */
async function shootDataProtection(page: Page, suffix: string) {
  await loginAs(page, ADMIN, 'Anna');
  await page.goto('/admin/data-protection');
  const rule = (name: string) => page.getByRole('spinbutton', { name });
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
  // The run's confirmation while there is something to anonymise (cancelled).
  await page.getByRole('button', { name: 'Kör reglerna nu' }).click();
  await expect(page.getByRole('dialog', { name: 'Köra gallringsreglerna nu?' })).toContainText('Det går inte att ångra.');
  await shootDialog(page, `admin-data-protection-run-sv${suffix}`);
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // Postponed and run through the API (the journeys test those screens); the postponement keeps the run from anonymising.
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const lastYear = `Ansökningsomgång ${new Date().getFullYear() - 1}`;
  const preview = (await (await page.request.get('/api/v1/retention/preview')).json()) as {
    data: { periods: { period: { id: number; name: string } }[] };
  };
  const periodId = preview.data.periods.find((line) => line.period.name === lastYear)!.period.id;
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const postponement = { data: { until, reason: 'Revisionen av 2025 års räkenskaper pågår; inget får gallras innan den är klar.' } };
  expect((await page.request.put(`/api/v1/retention/postponements/${periodId}`, { headers, data: postponement })).ok()).toBe(true);
  expect((await page.request.post('/api/v1/retention/runs', { headers })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText(postponement.data.reason).first()).toBeVisible();
  await expect(page.getByText(/ · Anna /).first()).toBeVisible();
  await shoot(page, `admin-data-protection-sv${suffix}`);
  await page.getByRole('button', { name: 'Ändra…' }).click();
  await expect(page.getByRole('dialog', { name: `Skjut upp gallringen – ${lastYear}` })).toBeVisible();
  await shootDialog(page, `admin-data-protection-postpone-sv${suffix}`);
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The app bar, with the language menu, hides while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await switchAdminLanguage(page, 'Svenska', 'English');
  await expect(rule('Draft deletion (months)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 2 })).toBeVisible();
  await shoot(page, `admin-data-protection-en${suffix}`);
  await page.getByRole('button', { name: 'Change…' }).click();
  await expect(page.getByRole('dialog', { name: `Postpone the retention rules – ${lastYear}` })).toBeVisible();
  await shootDialog(page, `admin-data-protection-postpone-en${suffix}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await page.request.delete(`/api/v1/retention/postponements/${periodId}`, { headers })).ok()).toBe(true);
  await setRules(
    ['Draft deletion (months)', 'Anonymisation of rejected (months)', 'Anonymisation of approved (years)'],
    ['12', '24', '7'],
    'Save the retention rules',
    'The retention rules are saved.',
  );
}

test('admin data protection (sv, en)', async ({ page }) => shootDataProtection(page, ''));

/**
 * An applicant's erasure request carried out by staff, in both languages on the current viewport with `suffix`: Maria
 * of the demo has a draft and decided applications, so the dialog lists both kinds; it is opened and cancelled.
 */
async function shootErasure(page: Page, suffix: string) {
  await loginAs(page, ADMIN, 'Anna');
  const found = (await (await page.request.get('/api/v1/frontend-users?search=maria.nilsson')).json()) as {
    data: { data: { id: number }[] };
  };
  await page.goto(`/admin/frontend-users/${found.data.data[0].id}`);
  await page.getByRole('button', { name: 'Utför begäran om radering…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Begäran om radering – Maria Nilsson' });
  await expect(dialog.getByText(/^Anonymiseras från och med/).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Genomför raderingen' })).toBeDisabled();
  await shootDialog(page, `admin-erasure-sv${suffix}`);
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toBeHidden();
  await shoot(page, `admin-erasure-page-sv${suffix}`, false);
  await switchAdminLanguage(page, 'Svenska', 'English');
  await page.getByRole('button', { name: 'Carry out erasure request…' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Erasure request – Maria Nilsson' })
      .getByText(/^Anonymised from/)
      .first(),
  ).toBeVisible();
  await shootDialog(page, `admin-erasure-en${suffix}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
}

test('admin erasure request (sv, en)', async ({ page }) => shootErasure(page, ''));

/**
 * The privacy notice and My data in both languages, as shot on the current viewport with `suffix`: Maria of the demo
 * has a draft and a decided application, so the page lists both kinds; the deletion dialog is opened and cancelled.
 */
async function shootMyData(page: Page, suffix: string) {
  await page.goto('/integritet');
  await expect(page.getByRole('heading', { name: 'Integritetspolicy', level: 1 })).toBeVisible();
  await expect(page.getByText(/personuppgiftsansvarig/)).toBeVisible();
  await shoot(page, `portal-privacy-sv${suffix}`);

  await signInInBrowser(page, 'maria.nilsson@demo.se');
  await page.getByRole('banner').getByRole('link', { name: 'Mina uppgifter' }).click();
  await expect(page.getByRole('heading', { name: 'Mina uppgifter', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beviljade ansökningar som sparas' })).toBeVisible();
  await expect(page.getByText(/personuppgiftsansvarig/)).toBeVisible();
  await shoot(page, `portal-my-data-sv${suffix}`);
  await page.getByRole('button', { name: 'Radera mitt konto …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vill du radera ditt konto?' });
  await expect(dialog.getByRole('button', { name: 'Radera kontot' })).toBeDisabled();
  await shootDialog(page, `portal-my-data-dialog-sv${suffix}`);
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Språk: English' }).click();
  await expect(page.getByRole('heading', { name: 'My data', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approved applications we keep' })).toBeVisible();
  await expect(page.getByText(/is the controller/)).toBeVisible();
  await shoot(page, `portal-my-data-en${suffix}`);
  await page.getByRole('button', { name: 'Delete my account …' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await shootDialog(page, `portal-my-data-dialog-en${suffix}`);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
  await expect(page.getByText(/is the controller/)).toBeVisible();
  await shoot(page, `portal-privacy-en${suffix}`);
}

test('portal privacy notice and my data (sv, en)', async ({ page }) => shootMyData(page, ''));

test('portal account deletion (sv)', async ({ page }) => {
  test.setTimeout(60_000);
  const email = await registeredApplicant(page, 'sv-SE', { first: 'Rut', last: 'Radera' }, 'radera');
  const { reference } = await sendInApplication(page.request, email);
  // A draft of the scholarship beside it, never sent in.
  const periods = (await (await page.request.get('/api/v1/portal/periods')).json()).data as {
    id: number;
    application_types: { id: number; label: string }[];
  }[];
  const period = periods.find((p) => p.application_types.some((t) => t.label === 'Stipendium för unga ledare'))!;
  const type = period.application_types.find((t) => t.label === 'Stipendium för unga ledare')!;
  const started = await page.request.post('/api/v1/portal/applications', {
    headers: xhr,
    data: { data: { period_id: period.id, application_type_id: type.id } },
  });
  expect(started.ok(), await started.text()).toBe(true);

  await page.goto('/mina-uppgifter');
  await expect(page.getByText(`Referens ${reference}`)).toBeVisible();
  await expect(page.getByText('Inte beslutad än: den dras tillbaka och prövas inte')).toBeVisible();
  await page.getByRole('button', { name: 'Ladda ner mina uppgifter' }).click();
  await expect(page.getByText('Filen är nedladdad.')).toBeVisible();
  await page.getByRole('button', { name: 'Radera mitt konto …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vill du radera ditt konto?' });
  await dialog.getByRole('checkbox', { name: /Jag förstår att detta inte kan ångras/ }).check();
  await dialog.getByRole('button', { name: 'Radera kontot' }).click();
  await expect(page).toHaveURL('/register');
  // Nothing of theirs was approved: the application being handled is withdrawn and anonymised, the account deleted.
  await expect(page.getByRole('status').filter({ hasText: 'Ditt konto är raderat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logga ut' })).toHaveCount(0);
  await shoot(page, 'portal-account-deleted');
  // The session is gone on the server too.
  expect((await page.request.get('/api/v1/frontend-users/me')).status()).toBe(401);
});

/**
 * Deciding: the periods to decide on (dashboard and menu page), an approval the applicant has not been told of with
 * its release question, and the deletion question of an application being handled; in Swedish, then in English.
 */
async function shootDeciding(page: Page, suffix: string) {
  test.setTimeout(90_000);
  const [decided, pending] = [
    await applicantWithApplication(page.context().request, 'sv-SE', { first: 'Beda', last: 'Beslut' }, 'skott-beslut'),
    await applicantWithApplication(page.context().request, 'sv-SE', { first: 'Rut', last: 'Radera' }, 'skott-radera'),
  ];
  await loginAs(page, ADMIN, 'Anna');
  const saved = await page.request.put(`/api/v1/applications/${decided.uuid}/decision`, {
    headers: xhr,
    data: { data: { status: 40, approved_money: 15_000_00 } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  for (const [lang, t] of [
    ['sv', { periods: 'Beslutsunderlag', release: 'Visa beslutet utan brev', remove: 'Radera ansökan…' }],
    ['en', { periods: 'Decision basis', release: 'Show the decision without a mail', remove: 'Delete application…' }],
  ] as const) {
    await page.goto('/admin');
    if (lang === 'en') await switchAdminLanguage(page, 'Svenska', 'English');
    await expect(page.getByRole('heading', { name: lang === 'sv' ? 'Välkommen, Anna' : 'Welcome, Anna' })).toBeVisible();
    await dashboardLoaded(page);
    await shoot(page, `admin-dashboard-deciding-${lang}${suffix}`);
    await page.goto('/admin/decisioning');
    await expect(page.getByRole('heading', { name: t.periods, level: 1 })).toBeVisible();
    await shoot(page, `admin-decisioning-${lang}${suffix}`);
    await page.goto(`/admin/applications?show=${decided.uuid}`);
    await page.getByRole('dialog').getByRole('button', { name: t.release }).scrollIntoViewIfNeeded();
    await shoot(page, `admin-decision-unreleased-${lang}${suffix}`, false);
    await page.getByRole('dialog').getByRole('button', { name: t.release }).click();
    await shootDialog(page, `admin-decision-release-${lang}${suffix}`);
    await page.keyboard.press('Escape');
    await page.goto(`/admin/applications?show=${pending.uuid}`);
    await page.getByRole('dialog').getByRole('button', { name: t.remove }).click();
    await expect(page.getByRole('dialog').last()).toContainText(pending.reference);
    await shootDialog(page, `admin-application-delete-${lang}${suffix}`);
  }
  // Deleted (still in English), then the log of deletions in both languages.
  await page.getByRole('dialog').last().getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const [lang, title] of [
    ['en', 'Deleted applications'],
    ['sv', 'Raderade ansökningar'],
  ] as const) {
    await page.goto('/admin/applications/deletions');
    if (lang === 'sv') await switchAdminLanguage(page, 'English', 'Svenska');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(pending.reference).first()).toBeVisible();
    await shoot(page, `admin-deletion-log-${lang}${suffix}`);
  }
}

test('admin deciding (sv, en)', async ({ page }) => shootDeciding(page, ''));

/**
 * The applicant's grants in both languages, as shot on the current viewport with `suffix`: Maria of the demo has last
 * year's grant, paid with money to pay back, and this year's, accepted, its advance asked for and the rest waiting for
 * the follow-up report; the applications page with their totals first.
 */
async function shootGrants(page: Page, suffix: string) {
  await signInInBrowser(page, 'maria.nilsson@demo.se');
  const grants = (await (await page.request.get('/api/v1/portal/grants')).json()).data as { uuid: string; reference: string }[];
  expect(grants.length).toBe(2);
  for (const lang of ['sv', 'en'] as const) {
    await page.goto('/');
    if (lang === 'en') await page.getByRole('button', { name: 'Språk: English' }).click();
    await expect(page.getByRole('link', { name: lang === 'sv' ? 'Visa bidraget' : 'Show the grant' }).first()).toBeVisible();
    await shoot(page, `portal-applications-grants-${lang}${suffix}`);
    for (const [i, grant] of grants.entries()) {
      await page.goto(`/bidrag/${grant.uuid}`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(grant.reference) })).toBeVisible();
      await shoot(page, `portal-grant-${i + 1}-${lang}${suffix}`);
    }
  }
}

test('portal grants (sv, en)', async ({ page }) => shootGrants(page, ''));

/**
 * What the foundation wrote, in English where it has it, as shot on the current viewport with `suffix`: Maria of the
 * demo choosing a period and its application type, and the FAQ; a text written only in Swedish says so.
 */
async function shootContentInEnglish(page: Page, suffix: string) {
  await signInInBrowser(page, 'maria.nilsson@demo.se');
  await page.goto('/ansok');
  await page.getByRole('button', { name: 'Språk: English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apply' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await shoot(page, `portal-periods-en${suffix}`);
  await page.getByRole('link', { name: 'FAQ' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await shoot(page, `portal-faq-en${suffix}`);
}

test('portal content in English', async ({ page }) => shootContentInEnglish(page, ''));

/**
 * Paying the grants on the staff side, in both languages, as shot on the current viewport with `suffix`: the demo's
 * payouts (one requested, one approved by two, one in this week's payment file, paid ones), the payment files, a
 * batch's page, the payment settings, an application's Payouts tab, the statistics' payout figures and the bookkeeping
 * download.
 */
/** What people meet in their first year: the application as sent, the decision mail before it goes, a payout's receipts. */
async function shootFirstYear(page: Page, suffix: string) {
  test.setTimeout(120_000);
  await loginAs(page, ADMIN, 'Anna');
  const decided = (await (await page.request.get('/api/v1/applications/all?status[]=40', { headers: xhr })).json()).data.data[0] as {
    uuid: string;
  };
  for (const lang of ['sv', 'en'] as const) {
    const t = {
      sv: { application: 'Ansökan', mail: 'Beslutsbrev', payouts: 'Utbetalningar', history: 'Historik' },
      en: { application: 'Application', mail: 'Decision mail', payouts: 'Payouts', history: 'History' },
    }[lang];
    // The language is switched on the list, before the dialog opens over its menu.
    await page.goto('/admin/applications');
    if (lang === 'en') await switchAdminLanguage(page, 'Svenska', 'English');
    await page.goto(`/admin/applications?show=${decided.uuid}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: t.application })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
    await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await shoot(page, `admin-application-answers-${lang}${suffix}`, false);
    // Its history, each entry a sentence.
    const history = dialog.getByRole('list', { name: t.history });
    await history.scrollIntoViewIfNeeded();
    await history.screenshot({ path: `${dir}/admin-application-history-${lang}${suffix}.png` });
    const mail = dialog.getByRole('region', { name: t.mail });
    await mail
      .getByRole('button', { name: lang === 'sv' ? /^Skicka/ : /^Send/ })
      .first()
      .click();
    await expect(page.getByRole('figure')).toBeVisible();
    await shoot(page, `admin-decision-mail-preview-${lang}${suffix}`, false);
    await page.keyboard.press('Escape');
    await page.goto('/admin/payouts');
    await expect(page.getByRole('heading', { level: 1, name: t.payouts })).toBeVisible();
    await shoot(page, `admin-payouts-list-${lang}${suffix}`);
  }
}

test('first year: answers, decision mail preview (sv, en)', async ({ page }) => shootFirstYear(page, ''));

async function shootPayouts(page: Page, suffix: string) {
  test.setTimeout(120_000);
  await loginAs(page, ADMIN, 'Anna');
  const batches = (await (await page.request.get('/api/v1/payment-batches', { headers: xhr })).json()).data.data as { id: number }[];
  const grant = (await (await page.request.get('/api/v1/payouts', { headers: xhr })).json()).data.data[0] as {
    application: { uuid: string };
  };
  for (const lang of ['sv', 'en'] as const) {
    const t = {
      sv: { payouts: 'Utbetalningar', batches: 'Betalfiler', settings: 'Betalningar', bookkeeping: 'Bokföring', statistics: 'Statistik' },
      en: { payouts: 'Payouts', batches: 'Payment batches', settings: 'Payments', bookkeeping: 'Bookkeeping', statistics: 'Statistics' },
    }[lang];
    await page.goto('/admin/payouts');
    if (lang === 'en') await switchAdminLanguage(page, 'Svenska', 'English');
    await expect(page.getByRole('heading', { level: 1, name: t.payouts })).toBeVisible();
    await expect(page.locator('tbody tr, main li').first()).toBeVisible();
    await shoot(page, `admin-payouts-${lang}${suffix}`);
    await page.goto('/admin/payment-batches');
    await expect(page.getByRole('heading', { level: 1, name: t.batches })).toBeVisible();
    await shoot(page, `admin-payment-batches-${lang}${suffix}`);
    await page.getByRole('button', { name: lang === 'sv' ? 'Läs in bankens svar' : 'Import the bank’s answer' }).click();
    await shootDialog(page, `admin-bank-answer-import-${lang}${suffix}`);
    await page.keyboard.press('Escape');
    for (const batch of batches) {
      await page.goto(`/admin/payment-batches/${batch.id}`);
      await expect(page.locator('main')).toContainText(String(batch.id));
      await shoot(page, `admin-payment-batch-${batch.id}-${lang}${suffix}`);
    }
    await page.goto('/admin/payment-settings');
    await expect(page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible();
    await shoot(page, `admin-payment-settings-${lang}${suffix}`);
    await page.goto(`/admin/applications?show=${grant.application.uuid}&tab=payouts`);
    await expect(page.getByRole('dialog').getByRole('tab', { name: t.payouts })).toHaveAttribute('aria-selected', 'true');
    await shoot(page, `admin-application-payouts-${lang}${suffix}`, false);
    await page.goto('/admin/statistics');
    await expect(page.getByRole('heading', { level: 1, name: t.statistics })).toBeVisible();
    await shoot(page, `admin-statistics-payouts-${lang}${suffix}`);
    await page.goto('/admin/bookkeeping');
    await expect(page.getByRole('heading', { level: 1, name: t.bookkeeping })).toBeVisible();
    await shoot(page, `admin-bookkeeping-${lang}${suffix}`);
    // The treasurer's record of payout abilities on their user page.
    const users = (await (await page.request.get('/api/v1/users?search=ekonomi', { headers: xhr })).json()).data.data as { id: number }[];
    await page.goto(`/admin/users/${users[0].id}`);
    await expect(
      page.getByRole('heading', { level: 2, name: lang === 'sv' ? 'Rätt att hantera utbetalningar' : 'Payout abilities' }),
    ).toBeVisible();
    await page
      .getByRole('heading', { level: 2, name: lang === 'sv' ? 'Rätt att hantera utbetalningar' : 'Payout abilities' })
      .scrollIntoViewIfNeeded();
    await shoot(page, `admin-user-payout-abilities-${lang}${suffix}`);
  }
}

/**
 * Reviewing and deciding as a board, in both languages, as shot on the current viewport with `suffix`: the
 * applications list with the review figures and an application's Review tab (the administrator's), the investigator's
 * work list and the declaration asked before reading, the board meetings, the held and the planned meeting, deciding
 * the planned one, and the board member's meeting.
 */
async function shootBoard(page: Page, suffix: string, newPage: () => Promise<Page>) {
  test.setTimeout(180_000);
  await loginAs(page, ADMIN, 'Anna');
  const meetings = (await (await page.request.get('/api/v1/meetings', { headers: xhr })).json()).data.data as {
    id: number;
    decided_at: string | null;
  }[];
  const reviewed = (await (await page.request.get('/api/v1/applications/all?sort=review_score&direction=desc', { headers: xhr })).json())
    .data.data[0] as { uuid: string };
  const erik = await newPage();
  await loginAs(erik, INVESTIGATOR, 'Erik');
  const board = await newPage();
  await loginAs(board, 'styrelse@demo.se', 'Birgitta');
  for (const lang of ['sv', 'en'] as const) {
    const t = {
      sv: { applications: 'Ansökningar', review: 'Bedömning', meetings: 'Styrelsemöten', decide: 'Fatta beslut', mine: 'Mina utredningar' },
      en: {
        applications: 'Applications',
        review: 'Review',
        meetings: 'Board meetings',
        decide: 'Enter decisions',
        mine: 'My investigations',
      },
    }[lang];
    for (const p of [page, erik, board]) {
      await p.goto('/admin');
      if (lang === 'en') await switchAdminLanguage(p, 'Svenska', 'English');
    }
    await page.goto('/admin/applications?sort=review_score&order=DESC');
    await expect(page.getByRole('heading', { level: 1, name: t.applications })).toBeVisible();
    await expect(page.locator('tbody tr, main li').first()).toBeVisible();
    await shoot(page, `admin-review-list-${lang}${suffix}`);
    await page.goto(`/admin/applications?show=${reviewed.uuid}&tab=review`);
    await expect(page.getByRole('dialog').getByRole('tab', { name: t.review })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('dialog').locator('table').first()).toBeVisible();
    await shoot(page, `admin-review-tab-${lang}${suffix}`, false);
    await erik.goto(`/admin/investigations?filter=${encodeURIComponent(JSON.stringify({ todo: true }))}`);
    await expect(erik.getByRole('heading', { level: 1, name: t.mine })).toBeVisible();
    await expect(erik.locator('tbody tr, main li').first()).toBeVisible();
    await shoot(erik, `admin-review-todo-${lang}${suffix}`);
    await erik.locator('tbody tr td, main li').first().click();
    await expect(erik.getByRole('dialog').getByRole('tab', { name: t.review })).toHaveAttribute('aria-selected', 'true');
    await shootDialog(erik, `admin-review-declaration-${lang}${suffix}`);
    await page.goto('/admin/meetings');
    await expect(page.getByRole('heading', { level: 1, name: t.meetings })).toBeVisible();
    await expect(page.locator('tbody tr, main li').first()).toBeVisible();
    await shoot(page, `admin-meetings-${lang}${suffix}`);
    for (const meeting of meetings) {
      await page.goto(`/admin/meetings/${meeting.id}`);
      await expect(page.locator('main table, main li').first()).toBeVisible();
      await shoot(page, `admin-meeting-${meeting.decided_at ? 'held' : 'planned'}-${lang}${suffix}`);
      if (meeting.decided_at) continue;
      await page.getByRole('button', { name: t.decide }).click();
      await shoot(page, `admin-meeting-decide-${lang}${suffix}`);
      await board.goto(`/admin/meetings/${meeting.id}`);
      await expect(board.locator('main table, main li').first()).toBeVisible();
      await shoot(board, `admin-meeting-board-member-${lang}${suffix}`);
    }
  }
}

test('admin payouts (sv, en)', async ({ page }) => shootPayouts(page, ''));
test('admin reviews and board meetings (sv, en)', async ({ page, newPage }) => shootBoard(page, '', newPage));

/** The sign-ins: the portal's e-ID (its button, the e-mail it asks for, a cancel), staff's single sign-on, code step, enrolment and a colleague's reset. */
async function shootSignIn(suffix: string, newPage: (locale?: 'sv-SE' | 'en-US') => Promise<Page>) {
  test.setTimeout(120_000);
  const viewport = suffix ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  const open = async (locale: 'sv-SE' | 'en-US') => {
    const page = await newPage(locale);
    await page.setViewportSize(viewport);
    return page;
  };
  const code = (secret: string, step = Math.floor(Date.now() / 30_000)) => generate({ secret, epoch: step * 30 });
  for (const [locale, lang] of [
    ['sv-SE', 'sv'],
    ['en-US', 'en'],
  ] as const) {
    const t =
      lang === 'sv'
        ? { bankId: 'Logga in med BankID', emailHeading: 'Vilken e-postadress vill du använda?', failed: 'Inloggningen gick inte igenom' }
        : {
            bankId: 'Sign in with BankID',
            emailHeading: 'Which e-mail address do you want to use?',
            failed: 'The sign-in did not go through',
          };
    const portal = await open(locale);
    await portal.goto('/register');
    await expect(portal.getByRole('button', { name: t.bankId })).toBeVisible();
    await shoot(portal, `portal-eid-register-${lang}${suffix}`);
    await portal.getByRole('button', { name: t.bankId }).click();
    await portal.getByLabel('Personal number').fill(`19${String(Date.now()).slice(-10)}`);
    await portal.getByLabel('Given name').fill('Åsa');
    await portal.getByLabel('Family name').fill('Öström');
    await portal.getByRole('button', { name: 'Sign in' }).click();
    await expect(portal.getByRole('heading', { name: t.emailHeading })).toBeVisible();
    await shoot(portal, `portal-eid-email-${lang}${suffix}`);
    await portal.goto('/register');
    await portal.getByRole('button', { name: t.bankId }).click();
    await portal.getByRole('button', { name: 'Cancel' }).click();
    await expect(portal.getByRole('heading', { name: t.failed })).toBeVisible();
    await shoot(portal, `portal-eid-cancelled-${lang}${suffix}`);

    const admin = await open(locale);
    await signInThroughApi(admin, ADMIN);
    const enrolled = await secondStaffUser(admin.request, locale, { first: 'Sara', last: 'Säker', mailbox: 'shot' });
    const fresh = await secondStaffUser(admin.request, locale, { first: 'Nils', last: 'Nyckel', mailbox: 'shot' });
    const colleague = await open(locale);
    await signInThroughApi(colleague, enrolled.email);
    const headers = { 'X-Requested-With': 'XMLHttpRequest' };
    const enrolment = await colleague.request.post('/api/v1/auth/second-factor/enrolment', {
      headers,
      data: { data: { password: PASSWORD } },
    });
    const { secret } = (await enrolment.json()).data;
    await colleague.request.post('/api/v1/auth/second-factor/enrolment/confirm', { headers, data: { data: { code: await code(secret) } } });
    await colleague.request.post('/api/v1/auth/second-factor/enrolment/complete', { headers, data: { data: { codes_saved: true } } });

    const login = await open(locale);
    await login.goto('/admin/login');
    await expect(login.getByRole('button', { name: /Stiftelsens konto/ })).toBeVisible();
    await shoot(login, `admin-login-sso-${lang}${suffix}`);
    await login.locator('input[name="email"]').fill(enrolled.email);
    await login.locator('input[name="password"]').fill(PASSWORD);
    await login.locator('button[type="submit"]').click();
    await expect(login.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await shoot(login, `admin-login-code-${lang}${suffix}`);

    const own = await open(locale);
    await signInThroughApi(own, fresh.email);
    await own.goto('/admin/security');
    await own.getByRole('button', { name: lang === 'sv' ? 'Slå på tvåfaktorinloggning' : 'Turn on two-factor sign-in' }).click();
    await own.locator('input[name="password"]').fill(PASSWORD);
    await own.getByRole('button', { name: lang === 'sv' ? 'Fortsätt' : 'Continue' }).click();
    await expect(own.locator('main img, [role="dialog"] img').first()).toBeVisible();
    await shoot(own, `admin-security-enrol-${lang}${suffix}`);
    const shown = (await own.locator('code').innerText()).replace(/\s/g, '');
    await own.locator('input[autocomplete="one-time-code"]').fill(await code(shown));
    await own.getByRole('button', { name: lang === 'sv' ? 'Slå på' : 'Turn on', exact: true }).click();
    await expect(own.getByRole('listitem').filter({ hasText: /^[a-z0-9]{5}-[a-z0-9]{5}$/ })).toHaveCount(10);
    await shoot(own, `admin-security-codes-${lang}${suffix}`);

    await admin.goto(`/admin/users/${enrolled.id}`);
    await expect(admin.getByRole('region', { name: lang === 'sv' ? 'Tvåfaktorinloggning' : 'Two-factor sign-in' })).toBeVisible();
    await shoot(admin, `admin-user-second-factor-${lang}${suffix}`);
  }
}

test('sign-in: e-ID, single sign-on and two factors (sv, en)', async ({ newPage }) => shootSignIn('', newPage));

// A common laptop's screen, where the widest tables (a meeting's agenda) must still fit.
test.describe('laptop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test('admin reviews and board meetings (sv, en)', async ({ page, newPage }) => shootBoard(page, '-1366', newPage));
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('admin data protection (sv, en)', async ({ page }) => shootDataProtection(page, '-phone'));
  test('admin erasure request (sv, en)', async ({ page }) => shootErasure(page, '-phone'));
  test('admin deciding (sv, en)', async ({ page }) => shootDeciding(page, '-phone'));
  test('portal privacy notice and my data (sv, en)', async ({ page }) => shootMyData(page, '-phone'));
  test('portal grants (sv, en)', async ({ page }) => shootGrants(page, '-phone'));
  test('portal content in English', async ({ page }) => shootContentInEnglish(page, '-phone'));
  test('admin payouts (sv, en)', async ({ page }) => shootPayouts(page, '-phone'));
  test('first year: answers, decision mail preview (sv, en)', async ({ page }) => shootFirstYear(page, '-phone'));
  test('admin reviews and board meetings (sv, en)', async ({ page, newPage }) => shootBoard(page, '-phone', newPage));
  test('sign-in: e-ID, single sign-on and two factors (sv, en)', async ({ newPage }) => shootSignIn('-phone', newPage));
  test('portal register', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Registrera dig eller logga in', level: 1 })).toBeVisible();
    await shoot(page, 'portal-register-phone');
  });
});
