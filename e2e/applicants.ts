import { expect, type Locale } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import type { OwnPeriod } from './helpers';
import { caughtMail, newestMail } from './mail';

// What journeys of applicants share: a file to upload, the headers of an API call, and an applicant with an
// application sent in, made through the portal's API.

/** A small but real PDF: the server checks a file's type from its bytes. */
export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The header every state-changing API call needs (the CSRF rule). */
export const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

const loginLinkSubject = /inloggningslänk|sign-in link/;

/**
 * Signs an applicant in through the API (the context of `request` keeps the session) with a new login link, taken
 * from its own mail: one an earlier journey left for the same address is already spent.
 */
export async function signInByMail(request: APIRequestContext, email: string) {
  const previous = (await newestMail(email, loginLinkSubject))?.text;
  const asked = await request.post('/api/v1/frontend-users/login-link', { headers: xhr, data: { data: { email } } });
  expect(asked.ok(), await asked.text()).toBe(true);
  await expect.poll(async () => (await newestMail(email, loginLinkSubject))?.text ?? previous, { timeout: 15_000 }).not.toBe(previous);
  const token = /\/logga-in\/(\S+)/.exec((await newestMail(email, loginLinkSubject))!.text)![1];
  const login = await request.post('/api/v1/frontend-users/login', { headers: xhr, data: { data: { token } } });
  expect(login.ok(), await login.text()).toBe(true);
}

/**
 * Signs an applicant in in the browser, as they do: a new login link by mail, opened, and Continue (`continueLabel`
 * in the page's language). The page then holds the session as the portal keeps it.
 */
export async function signInInBrowser(page: Page, email: string, continueLabel = 'Fortsätt') {
  const previous = (await newestMail(email, loginLinkSubject))?.text;
  const asked = await page.request.post('/api/v1/frontend-users/login-link', { headers: xhr, data: { data: { email } } });
  expect(asked.ok(), await asked.text()).toBe(true);
  await expect.poll(async () => (await newestMail(email, loginLinkSubject))?.text ?? previous, { timeout: 15_000 }).not.toBe(previous);
  await page.goto(/http:\/\/\S+\/logga-in\/\S+/.exec((await newestMail(email, loginLinkSubject))!.text)![0]);
  await page.getByRole('button', { name: continueLabel }).click();
  await expect(page).not.toHaveURL(/logga-in/);
}

/** The login link (/logga-in/…, with any next=) in the newest mail to the address whose subject matches. */
export async function mailedLink(email: string, subject: RegExp): Promise<URL> {
  const mail = await caughtMail(email, subject);
  return new URL(/http:\/\/\S+\/logga-in\/\S+/.exec(mail.text)![0]);
}

/**
 * Starts, fills and sends in an application through the portal's API as the applicant `api` has signed in: in a
 * period of the journey's own (`own`), or for "Bidrag till föreningsliv" in the first open period that takes it; a
 * person's own, or for the `organisation` named.
 */
export async function sendInApplication(
  api: APIRequestContext,
  email: string,
  own?: OwnPeriod,
  organisation?: { name: string; number: string },
): Promise<{ uuid: string; reference: string }> {
  // The types by their Swedish names, whatever the language of the applicant's browser.
  const periods = (await (await api.get('/api/v1/portal/periods', { headers: { 'Accept-Language': 'sv-SE' } })).json()).data as {
    id: number;
    application_types: { id: number; label: string }[];
  }[];
  const label = own?.type ?? 'Bidrag till föreningsliv';
  const period = periods.find((p) => (!own || p.id === own.id) && p.application_types.some((t) => t.label === label))!;
  const type = period.application_types.find((t) => t.label === label)!;
  const started = await api.post('/api/v1/portal/applications', {
    headers: xhr,
    data: { data: { period_id: period.id, application_type_id: type.id, applicant_type: organisation ? 20 : 10 } },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const draft = (await started.json()).data as { uuid: string; questions: { id: number; type: number; options: string[] }[] };
  // A valid answer to each question by its field type (the media question is optional).
  const answerOf: Record<number, (options: string[]) => unknown> = {
    10: () => 40,
    20: () => 'Simskola för nyanlända',
    30: (o) => o[0],
    40: (o) => [o[0]],
    50: (o) => o[0],
    90: () => 'Vi lär barn att simma.',
  };
  const definitions = Object.fromEntries(draft.questions.filter((q) => answerOf[q.type]).map((q) => [q.id, answerOf[q.type](q.options)]));
  const saved = await api.put(`/api/v1/portal/applications/${draft.uuid}`, {
    headers: xhr,
    data: {
      data: {
        money: 15_000_00,
        contact_first_name: 'Dagny',
        contact_last_name: 'Dialog',
        contact_email: email,
        contact_email_confirmation: email,
        contact_phone: '070-123 45 67',
        contact_zip: '97231',
        contact_city: 'Luleå',
        consent: true,
        definitions,
        // For an organisation: the one the applicant names, which its first applicant signs for.
        ...(organisation && {
          org_number: organisation.number,
          org_name: organisation.name,
          organisation_type: 20,
          org_zip: '97231',
          org_city: 'Luleå',
        }),
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const sent = await api.post(`/api/v1/portal/applications/${draft.uuid}/submit`, { headers: xhr });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { uuid: draft.uuid, reference: (await sent.json()).data.reference };
}

/** Registers a new applicant of the journey's own in `locale` through the API; their address. */
async function register(request: APIRequestContext, locale: Locale, name: { first: string; last: string }, prefix: string) {
  const email = `${prefix}-${locale}-${Date.now()}@example.se`;
  const registered = await request.post('/api/v1/frontend-users/register', {
    headers: { ...xhr, 'Accept-Language': locale },
    data: { data: { email, email_confirmation: email, first_name: name.first, last_name: name.last } },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return email;
}

/** Registers an applicant in `locale` through the API and signs them in by the mailed link, through Continue. */
export async function registeredApplicant(
  page: Page,
  locale: Locale,
  name: { first: string; last: string },
  prefix: string,
): Promise<string> {
  const email = await register(page.request, locale, name, prefix);
  await page.goto((await mailedLink(email, loginLinkSubject)).href);
  await page.getByRole('button', { name: locale === 'sv-SE' ? 'Fortsätt' : 'Continue' }).click();
  await expect(page).not.toHaveURL(/logga-in/);
  return email;
}

/**
 * An applicant of the journey's own with an application sent in, all through the API (for journeys whose subject is
 * what staff do with it): registered in `locale`, signed in with the mailed link (`request` keeps the session).
 */
export async function applicantWithApplication(
  request: APIRequestContext,
  locale: Locale,
  name: { first: string; last: string },
  prefix: string,
  own?: OwnPeriod,
) {
  const email = await register(request, locale, name, prefix);
  const token = /\/logga-in\/(\S+)/.exec((await caughtMail(email, loginLinkSubject)).text)![1];
  const login = await request.post('/api/v1/frontend-users/login', { headers: xhr, data: { data: { token } } });
  expect(login.ok(), await login.text()).toBe(true);
  return { email, name: `${name.first} ${name.last}`, ...(await sendInApplication(request, email, own)) };
}
