import { expect, type Locale } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { caughtMail } from './mail';

/** The demo accounts' password (server/demo/demo.ts). Never use a wrong one with these accounts more than once. */
export const PASSWORD = 'demo-2026';
export const ADMIN = 'admin@demo.se';
export const INVESTIGATOR = 'utredare@demo.se';

/** "<screen> – Ansökningsportalen", the browser tab's title. */
export const pageTitle = (screen: string) => `${screen} – Ansökningsportalen`;

/** Opens the staff login page and waits for its form. */
export async function openStaffLogin(page: Page) {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
}

/** Fills and sends the Swedish staff login form at /admin/login (the page must be open). */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  // Exact: the organisation's sign-in, when offered, is "Logga in med …".
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
}

/**
 * Signs a staff user in through the API, as the login form does (e2e/staff-login.spec.ts tests the form itself): the
 * session cookie in the browser's context, and the session's expiry where the app keeps it, written once per tab (a
 * logout later in the journey stays a logout).
 */
export async function signInThroughApi(page: Page, email: string, password = PASSWORD) {
  const response = await page.request.post('/api/v1/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { data: { email, password } },
  });
  expect(response.ok(), `signing in ${email}: ${await response.text()}`).toBe(true);
  const { expires_in } = (await response.json()).data as { expires_in: number };
  await page.addInitScript((lifetime) => {
    if (sessionStorage.getItem('signed-in')) return;
    sessionStorage.setItem('signed-in', '1');
    localStorage.setItem('staff_session', JSON.stringify({ expiresAt: Date.now() + lifetime * 1000, lifetime }));
  }, expires_in);
}

/** Signs a staff user in and waits for the Swedish dashboard. */
export async function loginAs(page: Page, email: string, firstName: string) {
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: `Välkommen, ${firstName}` })).toBeVisible();
}

/** react-admin's LocalesMenuButton: its name is the current language; the menu lists the others. */
export async function switchAdminLanguage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: from, exact: true }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

/** Signs a staff user in whatever the interface language, and waits for the dashboard. */
export async function signInAnyLanguage(page: Page, email: string, password = PASSWORD) {
  await signInThroughApi(page, email, password);
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** A short mark that tells apart what journeys make (names stay short: they are shown on a phone's screen). */
export const unique = () => Date.now().toString(36);

/**
 * A staff user (admin role) made by the signed-in admin of `admin` through the API, with the password set by the mailed
 * link, as a new colleague sets it; their address starts with `mailbox`, so users made at the same moment differ.
 */
export async function secondStaffUser(
  admin: APIRequestContext,
  locale: Locale,
  { first = 'Bo', last = 'Attestsson', mailbox = 'attestant' }: { first?: string; last?: string; mailbox?: string } = {},
): Promise<{ id: number; email: string }> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const email = `${mailbox}-${locale}-${unique()}@test.se`;
  const made = await admin.post('/api/v1/users', {
    headers,
    data: { data: { first_name: first, last_name: last, email, role: 'admin', locale } },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { id } = (await made.json()).data as { id: number };
  const token = /\/admin\/reset-password\/(\S+)/.exec((await caughtMail(email, /Välkommen|Welcome/)).text)![1];
  const set = await admin.post('/api/v1/auth/reset-password', {
    headers,
    data: { data: { token, password: PASSWORD, password_confirmation: PASSWORD } },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return { id, email };
}

/** A period of a journey's own, and the application type of its own that it takes. */
export interface OwnPeriod {
  id: number;
  uuid: string;
  name: string;
  type: string;
  typeId: number;
}

/**
 * An open period of the journey's own, made through the API by the signed-in staff user of `request`, taking an
 * application type of its own (without questions): for journeys whose checks depend on what a period holds (its
 * amount, its applications, its decisions). Its own type keeps it out of the way of journeys that apply for the
 * demo's types on /ansok.
 */
export async function periodOfItsOwn(
  request: APIRequestContext,
  name: string,
  {
    typeLabel = `Typ ${unique()}`,
    ...options
  }: { available_money?: number; uses_money_distribution_cap?: boolean; typeLabel?: string } = {},
): Promise<OwnPeriod> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const type = await request.post('/api/v1/application-types', { headers, data: { data: { label: typeLabel } } });
  expect(type.ok(), await type.text()).toBe(true);
  const { id: typeId, label } = (await type.json()).data as { id: number; label: string };
  // Stockholm days, open from today for a month.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
  const created = await request.post('/api/v1/periods', {
    headers,
    data: { data: { name, start_date: day(0), end_date: day(30), answer_weeks: 6, application_type_ids: [typeId], ...options } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()).data as { id: number };
  const period = (await (await request.get(`/api/v1/periods/${id}`)).json()).data as { uuid: string };
  return { id, uuid: period.uuid, name, type: label, typeId };
}
