import { expect, test } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, pageTitle, PASSWORD } from './helpers';
import { mailedLink, pdf, sendInApplication, xhr } from './applicants';

/** Registers a new applicant and signs in with the mailed link; answers the address. */
async function registerAndSignIn(page: Page): Promise<string> {
  const email = `dialog-${Date.now()}@example.se`;
  await page.goto('/register');
  const form = page.getByRole('region', { name: 'Ny sökande' });
  await form.getByLabel('Förnamn').fill('Dagny');
  await form.getByLabel('Efternamn').fill('Dialog');
  await form.getByLabel('E-postadress', { exact: false }).first().fill(email);
  await form.getByLabel('Upprepa e-postadressen').fill(email);
  await form.getByRole('button', { name: 'Registrera mig' }).click();
  await expect(form.getByRole('status')).toBeVisible();
  await page.goto((await mailedLink(email, /inloggningslänk/)).href);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  return email;
}

/** Starts a draft of the scholarship (left unfinished) as the signed-in applicant. */
async function startDraft(page: Page): Promise<string> {
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
  return ((await started.json()).data as { uuid: string }).uuid;
}

/** Staff write to the applicant through the staff API, with an agreement attached. */
async function staffWrites(request: APIRequestContext, uuid: string, body: string) {
  expect((await request.post('/api/v1/auth/login', { headers: xhr, data: { data: { email: ADMIN, password: PASSWORD } } })).ok()).toBe(
    true,
  );
  const response = await request.post(`/api/v1/applications/${uuid}/messages`, {
    headers: xhr,
    multipart: { body, agreements: { name: 'avtal-simskola.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('an applicant reads the foundation’s message, answers with an attachment, keeps an unsent text, and comes back by a link', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await registerAndSignIn(page);
  const { uuid, reference } = await sendInApplication(page.request, email);
  await staffWrites(request, uuid, 'Hej Dagny!\nVi behöver en budget för projektet. Avtalet finns bifogat.');

  // The dashboard counts the unread message, and its link opens the thread.
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: `Referens ${reference}` });
  await card.getByRole('link', { name: 'Meddelanden, 1 oläst meddelande' }).click();
  await expect(page).toHaveURL(`/dialog/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Dialog om ansökan ${reference}` })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Dialog'));
  const thread = page.getByRole('log', { name: 'Meddelanden' });
  const fromFoundation = thread.getByRole('article', { name: /^Stiftelsen, / });
  await expect(fromFoundation).toContainText('Vi behöver en budget för projektet.');
  await expect(fromFoundation).toContainText('Avtal');
  await expect(fromFoundation.getByRole('link', { name: 'avtal-simskola.pdf' })).toBeVisible();
  await expectAccessible(page);

  // A draft has no dialogue yet: the page says so and leads on to the application; an unknown one is not found.
  const draftUuid = await startDraft(page);
  await page.goto('/');
  const draftCard = page.getByRole('article').filter({ hasText: 'Stipendium för unga ledare' });
  await expect(draftCard.getByRole('link', { name: 'Fortsätt med ansökan' })).toBeVisible();
  await expect(draftCard.getByRole('link', { name: /^Meddelanden/ })).toHaveCount(0);
  await page.goto(`/dialog/${draftUuid}`);
  await expect(page.getByText('Dialogen öppnas när ansökan har skickats in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fortsätt med ansökan' })).toHaveAttribute('href', new RegExp(`application=${draftUuid}$`));
  await page.goto('/dialog/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
  await page.goto(`/dialog/${uuid}`);

  // Read: the count is gone.
  await page.getByRole('link', { name: 'Till Mina ansökningar' }).click();
  await expect(card.getByRole('link', { name: 'Meddelanden', exact: true })).toBeVisible();
  await card.getByRole('link', { name: 'Meddelanden', exact: true }).click();

  // An empty message is not sent; one with a PDF attached is, and shows in the thread.
  const box = page.getByRole('form', { name: 'Skriv till stiftelsen' });
  const text = box.getByRole('textbox', { name: 'Meddelande' });
  await box.getByRole('button', { name: 'Skicka' }).click();
  await expect(box.getByText('Skriv ett meddelande innan du skickar.')).toBeVisible();
  await text.fill('Här kommer budgeten.\nHör av er om något saknas.');
  // A file that only claims to be a PDF is refused: nothing is sent, and the text and the chosen files stay.
  const picker = box.locator('input[type=file]');
  await picker.setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf at all') });
  await box.getByRole('button', { name: 'Skicka' }).click();
  await expect(box.getByRole('alert').first()).toContainText('Meddelandet har inte skickats');
  await expect(box.getByRole('alert').first()).toContainText('Filtypen är inte tillåten');
  await expect(text).toHaveValue('Här kommer budgeten.\nHör av er om något saknas.');
  await box.getByRole('button', { name: 'Ta bort virus.pdf' }).click();
  await expect(box.getByText('47 av 10 000 tecken')).toBeVisible();
  await picker.setInputFiles({ name: 'budget-simskola.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(box.getByRole('list', { name: 'Filer som skickas med' })).toContainText('budget-simskola.pdf');
  await box.getByRole('button', { name: 'Skicka' }).click();
  const own = thread.getByRole('article', { name: /^Du, / });
  await expect(own).toContainText('Hör av er om något saknas.');
  const attachment = own.getByRole('link', { name: 'budget-simskola.pdf' });
  await expect(attachment).toBeVisible();
  expect((await page.request.get((await attachment.getAttribute('href'))!)).ok()).toBe(true);
  await expect(text).toHaveValue('');
  await expect(box.getByRole('list', { name: 'Filer som skickas med' })).toHaveCount(0);

  // What is typed but not sent survives a reload.
  await text.fill('Ett utkast som inte är skickat');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Meddelande' })).toHaveValue('Ett utkast som inte är skickat');

  // The foundation's message was mailed with a login link that opens the dialogue (next=): straight away when
  // signed in, without using the link up, and after Continue when not.
  const link = await mailedLink(email, new RegExp(`Nytt meddelande om din ansökan ${reference}`));
  expect(link.searchParams.get('next')).toBe(`/dialog/${uuid}`);
  await page.goto(link.href);
  await expect(page).toHaveURL(`/dialog/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Dialog om ansökan ${reference}` })).toBeVisible();
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/register/);
  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page).toHaveURL(`/dialog/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Dialog om ansökan ${reference}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Meddelande' })).toHaveValue('Ett utkast som inte är skickat');

  // In English, on a phone: the same page, no sideways scrolling, and accessible.
  await page.getByRole('button', { name: 'Språk: English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Messages about application ${reference}` })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: /^The foundation, / })).toContainText('Agreement');
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: /^You, / })).toBeVisible();
  const englishBox = page.getByRole('form', { name: 'Write to the foundation' });
  await expect(englishBox.getByRole('textbox', { name: 'Message' })).toHaveValue('Ett utkast som inte är skickat');
  await expect(englishBox.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(englishBox.getByRole('button', { name: 'Attach files' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
  await expectAccessible(page);
});
