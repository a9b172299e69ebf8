import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, pageTitle, PASSWORD } from './helpers';
import { caughtMail } from './mail';
import { pdf } from './applicants';

/** Registers a new applicant and signs in with the link from the mail the SMTP server caught. */
async function registerThroughMail(page: Page, first: string, last: string): Promise<string> {
  const email = `${first.toLowerCase()}-${Date.now()}@example.se`;
  await page.goto('/register');
  const form = page.getByRole('region', { name: 'Ny sökande' });
  await form.getByLabel('Förnamn').fill(first);
  await form.getByLabel('Efternamn').fill(last);
  await form.getByLabel('E-postadress', { exact: false }).first().fill(email);
  await form.getByLabel('Upprepa e-postadressen').fill(email);
  await form.getByRole('button', { name: 'Registrera mig' }).click();
  await expect(form.getByRole('status')).toBeVisible();
  const mail = await caughtMail(email, /inloggningslänk/);
  const link = /http:\/\/\S+\/logga-in\/\S+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  return email;
}

const step = (page: Page, n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Steg ${n} av 5`) });
const stepButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Ansökans steg' }).getByRole('button', { name });
const next = (page: Page) => page.getByRole('button', { name: /^Nästa:/ });
const saved = (page: Page) => expect(page.getByTestId('save-status')).toHaveText(/Senast sparat/);

async function startApplication(page: Page, type: string) {
  await page.goto('/ansok');
  await page.getByRole('link', { name: `Ansök: ${type}` }).click();
  await expect(step(page, 1)).toBeVisible();
  await expect(page).toHaveURL(/\/ansok\/\d+\?application=[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(pageTitle('Ansökan'));
}

test('an applicant applies through all five steps, fixes what is listed, reloads mid-way, sends in and gets the mail', async ({ page }) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const email = await registerThroughMail(page, 'Signe', 'Ek');
  await startApplication(page, 'Bidrag till föreningsliv');

  // 1. The period, the type, who applies and the amount (typed with a decimal comma, shown in the spec's format).
  await expect(page.getByRole('radio', { name: /^Ansökningsomgång \d{4}/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Bidrag till föreningsliv' })).toBeChecked();
  await page.getByRole('radio', { name: 'Båda' }).check();
  const amount = page.getByLabel('Sökt belopp');
  await amount.fill('-25000,5');
  await amount.blur();
  await expect(amount).toHaveValue('25 000,50');
  await expectAccessible(page);
  await next(page).click();

  // 2. The type's own questions (every field type but the ones this type lacks), a file, categories and goals.
  await expect(step(page, 2)).toBeVisible();
  await page.getByLabel('Projektets namn').fill('Skridskor för alla');
  await page.getByLabel('Beskriv projektet och vad ni vill uppnå').fill('Vi lånar ut skridskor och hjälmar på isbanan varje lördag.');
  await page.getByLabel('Ungefärligt antal deltagare').fill('120');
  await page.getByLabel('Typ av verksamhet').selectOption('Friluftsliv');
  await page
    .getByRole('group', { name: 'Har ni sökt stöd från andra finansiärer för projektet?' })
    .getByRole('radio', { name: 'Nej' })
    .check();
  await page.getByRole('group', { name: 'Vilka åldrar når projektet?' }).getByRole('checkbox', { name: '13–19 år' }).check();
  const budget = page.getByRole('group', { name: 'Bifoga projektets budget' });
  await budget.locator('input[type=file]').setInputFiles({ name: 'budget-skridskor.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(budget.getByRole('link', { name: 'budget-skridskor.pdf' })).toBeVisible();
  // A file that only claims to be a PDF is refused, with the reason.
  await budget
    .locator('input[type=file]')
    .setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf at all') });
  await expect(budget.getByRole('alert')).toContainText('virus.pdf');
  await expect(budget.getByRole('link', { name: 'virus.pdf' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Målgrupp' }).getByRole('checkbox', { name: 'Barn och unga' }).check();
  await page.getByRole('group', { name: 'Globala mål' }).getByRole('checkbox', { name: '3. God hälsa och välbefinnande' }).check();
  await page.getByLabel('Projektets namn').click();
  await saved(page);
  await expectAccessible(page);

  // Mid-way, a reload keeps everything.
  await page.reload();
  await expect(step(page, 2)).toBeVisible();
  await expect(page.getByLabel('Projektets namn')).toHaveValue('Skridskor för alla');
  await expect(page.getByLabel('Typ av verksamhet')).toHaveValue('Friluftsliv');
  await expect(page.getByRole('group', { name: 'Vilka åldrar når projektet?' }).getByRole('checkbox', { name: '13–19 år' })).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Globala mål' }).getByRole('checkbox', { name: '3. God hälsa och välbefinnande' }),
  ).toBeChecked();
  await expect(page.getByRole('link', { name: 'budget-skridskor.pdf' })).toBeVisible();
  await stepButton(page, 'Ansökan och belopp').click();
  await expect(page.getByLabel('Sökt belopp')).toHaveValue('25 000,50');
  await stepButton(page, 'Organisation').click();

  // 3. The organisation: its name comes from the foundation's register.
  await expect(step(page, 3)).toBeVisible();
  await page.getByLabel('Organisationsnummer').fill('802415 3978');
  await page.getByLabel('Organisationsnummer').blur();
  await expect(page.getByLabel('Organisationens namn')).toHaveValue('Norrbygdens Idrottsförening');
  await expect(page.getByText('Namnet har hämtats från stiftelsens register.')).toBeVisible();
  await expect(page.getByLabel('Postnummer')).toHaveValue('97241');
  await expectAccessible(page);
  await next(page).click();

  // 4. Contact details, filled in from the registration; a bad phone number and zip code are explained.
  await expect(step(page, 4)).toBeVisible();
  await expect(page.getByLabel('Förnamn')).toHaveValue('Signe');
  await expect(page.getByRole('textbox', { name: /^E-postadress/ })).toHaveValue(email);
  await page.getByLabel('Telefonnummer').fill('12');
  await page.getByLabel('Telefonnummer').blur();
  await expect(page.getByText(/giltigt telefonnummer, med eller utan landsnummer, t\.ex\. \+46/)).toBeVisible();
  await page.getByLabel('Postnummer').fill('972');
  await page.getByLabel('Postnummer').blur();
  await expect(page.getByText('Postnummer måste vara 5 siffror.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^Ort/ }).fill('Luleå');
  // Going on from a step with problems lists them first, each leading to its field; going on anyway is allowed.
  await next(page).click();
  const stepProblems = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: /uppgifter i det här steget behöver rättas/ }) });
  await expect(stepProblems).toBeFocused();
  await expect(step(page, 4)).toBeVisible();
  await stepProblems.getByRole('link', { name: /Postnummer måste vara 5 siffror/ }).click();
  await expect(page.getByLabel('Postnummer')).toBeFocused();
  await expectAccessible(page);
  await stepProblems.getByRole('button', { name: 'Gå vidare ändå' }).click();

  // 5. Links, an attachment; sending without consent lists what is missing, each linked to its field.
  await expect(step(page, 5)).toBeVisible();
  await page.getByLabel('Länk 1').fill('www.skridskor.se');
  await page.getByRole('button', { name: 'Skicka in ansökan' }).click();
  const problems = page.getByRole('heading', { name: /uppgifter behöver rättas innan du kan skicka in/ });
  await expect(problems).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Steg 4 \(Kontaktuppgifter\): Fältet telefonnummer/ }).click();
  await expect(page.getByLabel('Telefonnummer')).toBeFocused();
  await page.getByLabel('Telefonnummer').fill('070-123 45 67');
  await page.getByLabel('Postnummer').fill('97241');
  await stepButton(page, 'Länkar, filer och samtycke').click();
  await page.getByRole('link', { name: /samtycket/ }).click();
  await expect(page.getByRole('checkbox', { name: /samtycker/ })).toBeFocused();
  await page.getByRole('checkbox', { name: /samtycker/ }).check();
  await expect(problems).toHaveCount(0);
  await page.getByRole('button', { name: 'Skicka in ansökan' }).click();

  // Sent in: the thank-you page, the dashboard entry with its reference, and the confirmation mail.
  await expect(page).toHaveURL(/\/tack\?name=Bidrag\+till\+f%C3%B6reningsliv&reference=\d{4}-\d{4}$/);
  await expect(page.getByRole('heading', { name: 'Tack för din ansökan', level: 1 })).toBeVisible();
  await expect(page.getByText('Din ansökan om Bidrag till föreningsliv har kommit in till oss.')).toBeVisible();
  // The reference, as the confirmation mail gives it.
  const thanked = /reference=(\d{4}-\d{4})/.exec(page.url())![1];
  await expect(page.getByText(`Ansökans referensnummer: ${thanked}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Till Mina ansökningar' }).click();
  const entry = page.getByRole('article').filter({ hasText: 'Bidrag till föreningsliv' });
  await expect(entry).toContainText('Obehandlad');
  const reference = /Referens (\d{4}-\d{4})/.exec(await entry.innerText())![1];
  expect(reference).toBe(thanked);
  await expect(entry).toContainText('25 000,50 kr');
  // What was sent in, read-only, with the file to download.
  await entry.getByRole('button', { name: 'Visa ansökan och beslut' }).click();
  await expect(entry.getByRole('definition').filter({ hasText: 'Skridskor för alla' })).toBeVisible();
  await expect(entry.getByRole('definition').filter({ hasText: 'Norrbygdens Idrottsförening' })).toBeVisible();
  const download = page.waitForEvent('download');
  await entry.getByRole('link', { name: 'budget-skridskor.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('budget-skridskor.pdf');
  await expectAccessible(page);
  const confirmation = await caughtMail(email, new RegExp(`Vi har tagit emot din ansökan ${reference}`));
  expect(confirmation.text).toContain('Bidrag till föreningsliv');
  expect(confirmation.text).toMatch(/besked senast \d{1,2} \w+\.? \d{4}/);
  console.log(`The whole journey took ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test('a draft in a period that has closed is refused with the period’s message and kept', async ({ page, request }) => {
  await registerThroughMail(page, 'Nils', 'Berg');
  await startApplication(page, 'Stipendium för unga ledare');
  await page.getByRole('radio', { name: 'Kontaktperson' }).check();
  const amount = page.getByLabel('Sökt belopp');
  await amount.fill('5000');
  await amount.blur();
  await next(page).click();
  await page.getByLabel('Din ålder').fill('19');
  await page.getByLabel('Ditt ledaruppdrag och i vilken förening').fill('Tränare i Kalix IK');
  await page.getByLabel('Varför söker du stipendiet och hur vill du använda det?').fill('För att gå en tränarutbildning.');
  await page.getByRole('group', { name: 'Har du fått stipendium från stiftelsen tidigare?' }).getByRole('radio', { name: 'Nej' }).check();
  await next(page).click();
  await expect(page.getByText('Du söker som kontaktperson')).toBeVisible();
  await next(page).click();
  await page.getByLabel('Telefonnummer').fill('070-123 45 67');
  await page.getByLabel('Postnummer').fill('95231');
  await page.getByRole('textbox', { name: /^Ort/ }).fill('Kalix');
  await next(page).click();
  await page.getByRole('checkbox', { name: /samtycker/ }).check();
  await saved(page);
  const periodId = /\/ansok\/(\d+)/.exec(page.url())![1];

  // Staff close the period meanwhile.
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  expect((await request.post('/api/v1/auth/login', { headers, data: { data: { email: ADMIN, password: PASSWORD } } })).ok()).toBe(true);
  expect((await request.post(`/api/v1/periods/${periodId}/close`, { headers })).ok()).toBe(true);
  try {
    await page.getByRole('button', { name: 'Skicka in ansökan' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Perioden är stängd och det går inte att skicka in fler ansökningar.' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /samtycker/ })).toBeChecked();
    await page.goto('/');
    await expect(page.getByRole('article').filter({ hasText: 'Stipendium för unga ledare' })).toContainText('Utkast');
  } finally {
    expect((await request.post(`/api/v1/periods/${periodId}/open`, { headers })).ok()).toBe(true);
  }
});

test('what is typed while the connection is lost is kept, and saved when it returns', async ({ page, context }) => {
  await registerThroughMail(page, 'Vera', 'Ås');
  await startApplication(page, 'Bidrag till föreningsliv');
  await next(page).click();
  await page.getByRole('button', { name: 'Gå vidare ändå' }).click();
  await context.setOffline(true);
  await page.getByLabel('Projektets namn').fill('Sagor i skogen');
  await page.getByLabel('Projektets namn').blur();
  await expect(page.getByTestId('save-status')).toContainText('Inte sparat ännu');
  // Back online, the page is reloaded before the next attempt: the text comes back from this browser and is saved.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByLabel('Projektets namn')).toHaveValue('Sagor i skogen');
  await saved(page);
  // Once saved, the browser's copy is gone: what a reload shows now comes from the server.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('application-draft:')))).toEqual([]);
  await page.reload();
  await expect(page.getByLabel('Projektets namn')).toHaveValue('Sagor i skogen');
});

/** The draft as the server has it. */
async function serverDraft(page: Page): Promise<{ money: number | null; definitions: Record<string, unknown> }> {
  const uuid = new URL(page.url()).searchParams.get('application');
  const response = await page.request.get(`/api/v1/portal/applications/${uuid}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** Reloads the page within 300 ms of `lastKey`, before any save a moment after typing could have happened. */
async function reloadRightAway(page: Page, lastKey: number) {
  const reloading = page.reload();
  expect(Date.now() - lastKey).toBeLessThan(300);
  await reloading;
}

test('what is typed is kept at once: a reload right after the last key keeps the amount, read as meant in either language, and the server gets it', async ({
  page,
}) => {
  await registerThroughMail(page, 'Ebba', 'Lund');
  await startApplication(page, 'Bidrag till föreningsliv');

  // Typed the way many Swedes group thousands, and not left: twenty-five thousand, shown the Swedish way.
  await page.getByLabel('Sökt belopp').pressSequentially('25.000');
  await reloadRightAway(page, Date.now());
  await expect(page.getByLabel('Sökt belopp')).toHaveValue('25 000,00');
  await expect.poll(async () => (await serverDraft(page)).money).toBe(2500000);

  // In English the same amount shows the English way; an unclear one is said in English, and no amount is kept.
  await page.getByRole('button', { name: 'Språk: English' }).click();
  const amount = page.getByLabel('Amount applied for');
  await expect(amount).toHaveValue('25,000.00');
  await amount.fill('1.2345');
  await amount.blur();
  await expect(page.getByText('“1.2345” could be read as more than one amount. Write it as e.g. 25,000 or 25,000.50.')).toBeVisible();
  await expect(amount).toHaveValue('1.2345');
  await expect.poll(async () => (await serverDraft(page)).money).toBeNull();
  await amount.fill('30 000,5');
  await reloadRightAway(page, Date.now());
  await expect(page.getByLabel('Amount applied for')).toHaveValue('30,000.50');
  await expect.poll(async () => (await serverDraft(page)).money).toBe(3000050);
});

test('a reload right after answering shows every answer, those saved before and the one just given', async ({ page }) => {
  await registerThroughMail(page, 'Hugo', 'Falk');
  await startApplication(page, 'Bidrag till föreningsliv');
  await stepButton(page, 'Frågor').click();
  await page.getByLabel('Projektets namn').fill('Bokcirkel i byn');
  await page.getByLabel('Beskriv projektet och vad ni vill uppnå').fill('Vi läser och samtalar varje torsdag.');
  await page.getByLabel('Ungefärligt antal deltagare').fill('12');
  await page.getByLabel('Typ av verksamhet').selectOption('Friluftsliv');
  await expect
    .poll(async () => Object.values((await serverDraft(page)).definitions))
    .toEqual(expect.arrayContaining(['Bokcirkel i byn', 'Vi läser och samtalar varje torsdag.', 12, 'Friluftsliv']));
  const others = page.getByRole('group', { name: 'Har ni sökt stöd från andra finansiärer för projektet?' });
  await others.getByRole('radio', { name: 'Nej' }).check();
  await reloadRightAway(page, Date.now());

  await expect(step(page, 2)).toBeVisible();
  await expect(page.getByLabel('Projektets namn')).toHaveValue('Bokcirkel i byn');
  await expect(page.getByLabel('Beskriv projektet och vad ni vill uppnå')).toHaveValue('Vi läser och samtalar varje torsdag.');
  await expect(page.getByLabel('Ungefärligt antal deltagare')).toHaveValue('12');
  await expect(page.getByLabel('Typ av verksamhet')).toHaveValue('Friluftsliv');
  await expect(others.getByRole('radio', { name: 'Nej' })).toBeChecked();
  await expect.poll(async () => Object.values((await serverDraft(page)).definitions)).toContain('Nej');
});

/** Nothing on the page is wider than the screen: the page does not scroll sideways, and no part of it is cut off. */
async function expectFitsTheScreen(page: Page) {
  const tooWide = await page.evaluate(() => {
    const root = document.documentElement;
    // A click's ripple is clipped on purpose, and a field's own text scrolls; a pixel is rounding.
    const parts = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (e) => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1 && !e.matches('input, textarea, .MuiTouchRipple-root'),
    );
    return [
      ...(root.scrollWidth > root.clientWidth ? [`the page: ${root.scrollWidth} > ${root.clientWidth}`] : []),
      ...parts.map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${e.scrollWidth} > ${e.clientWidth}`),
    ];
  });
  expect(tooWide, page.url()).toEqual([]);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every portal page fits the screen in both languages, and going on from an incomplete step lists its problems, each leading to its field', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const [path, heading] of [
      ['/register', 'Registrera dig eller logga in'],
      ['/vanliga-fragor', 'Vanliga frågor'],
      ['/finns-inte', 'Sidan finns inte'],
      ['/403', 'Åtkomst nekad'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectFitsTheScreen(page);
    }
    await registerThroughMail(page, 'Alva', 'Strand');
    await expect(page.getByRole('heading', { name: 'Mina ansökningar', level: 1 })).toBeVisible();
    await expectFitsTheScreen(page);
    await startApplication(page, 'Bidrag till föreningsliv');
    await expectFitsTheScreen(page);

    // Step 1 with who applies missing and an unclear amount: Next lists both, in the step, and stays.
    await page.getByLabel('Sökt belopp').fill('1.2345');
    await next(page).click();
    const stepProblems = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /i det här steget behöver rättas$/ }) });
    await expect(stepProblems.getByRole('heading')).toHaveText('2 uppgifter i det här steget behöver rättas');
    await expect(stepProblems).toBeFocused();
    await expect(step(page, 1)).toBeVisible();
    await expectFitsTheScreen(page);
    await stepProblems.getByRole('link', { name: /”1\.2345” kan läsas som mer än ett belopp/ }).click();
    await expect(page.getByLabel('Sökt belopp')).toBeFocused();
    await stepProblems.getByRole('link', { name: 'Fältet typ av sökande är obligatoriskt.' }).click();
    await expect(page.getByRole('radio', { name: 'Kontaktperson' })).toBeFocused();
    // Fixed, the problem leaves the list; the list goes with the last one, and Next goes on.
    await page.getByRole('radio', { name: 'Kontaktperson' }).check();
    await expect(stepProblems.getByRole('link')).toHaveCount(1);
    await page.getByLabel('Sökt belopp').fill('12 000');
    await expect(stepProblems).toHaveCount(0);
    await next(page).click();
    await expect(step(page, 2)).toBeVisible();

    // Every step, and the whole list on the last one, in Swedish and in English.
    for (const [language, names, last, whole] of [
      [
        'sv',
        ['Frågor', 'Organisation', 'Kontaktuppgifter', 'Länkar, filer och samtycke'],
        'Skicka in ansökan',
        /uppgifter behöver rättas innan du kan skicka in/,
      ],
      [
        'en',
        ['Questions', 'Organisation', 'Contact details', 'Links, files and consent'],
        'Send in the application',
        /things must be fixed before you can send in/,
      ],
    ] as const) {
      if (language === 'en') await page.getByRole('button', { name: 'Språk: English' }).click();
      const nav = page.getByRole('navigation', { name: language === 'en' ? 'Steps of the application' : 'Ansökans steg' });
      for (const [index, name] of names.entries()) {
        await nav.getByRole('button', { name }).click();
        await expect(page.getByRole('heading', { level: 2, name: new RegExp(`${index + 2} (av|of) 5`) })).toBeVisible();
        await expectFitsTheScreen(page);
      }
      await page.getByRole('button', { name: last }).click();
      await expect(page.getByRole('heading', { name: whole })).toBeVisible();
      await expectFitsTheScreen(page);
    }
    const wholeList = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /things must be fixed/ }) });
    await wholeList.getByRole('link', { name: /^Step 4 \(Contact details\): The phone/ }).click();
    await expect(page.getByLabel('Phone number')).toBeFocused();
    for (const path of ['/', '/ansok', '/vanliga-fragor']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFitsTheScreen(page);
    }
  });
});
