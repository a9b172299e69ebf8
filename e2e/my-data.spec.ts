import { expect, test } from './fixtures';
import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { registeredApplicant, sendInApplication, xhr } from './applicants';
import { ADMIN, loginAs } from './helpers';

/** The names of a ZIP's entries, and the text of one of them. */
function readZip(buffer: Buffer, wanted: string): Promise<{ names: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      let text = '';
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== wanted) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.on('end', () => resolve({ names, text }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('an applicant reads the privacy notice, downloads all their data and deletes their account', async ({ page, newPage }) => {
  test.setTimeout(60_000);
  // Before registering: the privacy notice from /register, with the retention rules in force written in.
  await page.goto('/register');
  await page.getByRole('link', { name: 'Så behandlar vi dina personuppgifter' }).click();
  await expect(page.getByRole('heading', { name: 'Integritetspolicy', level: 1 })).toBeVisible();
  await expect(page.getByText(/raderas 12 månader efter att ansökningsperioden stängt/)).toBeVisible();

  // An applicant with an application sent in and a draft never sent in.
  const email = await registeredApplicant(page, 'sv-SE', { first: 'Vera', last: 'Uppgiftsson' }, 'mina-uppgifter');
  const { reference } = await sendInApplication(page.request, email);
  const periods = (await (await page.request.get('/api/v1/portal/periods')).json()).data as {
    id: number;
    application_types: { id: number; label: string }[];
  }[];
  const open = periods.flatMap((p) => p.application_types.map((t) => ({ period_id: p.id, application_type_id: t.id })));
  const started = await page.request.post('/api/v1/portal/applications', { headers: xhr, data: { data: open[open.length - 1] } });
  expect(started.ok(), await started.text()).toBe(true);

  // My data: what is kept, the download, and exactly what deleting does.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Mina uppgifter' }).click();
  await expect(page.getByRole('heading', { name: 'Mina uppgifter', level: 1 })).toBeVisible();
  await expect(page.getByText(`Referens ${reference}`, { exact: false })).toBeVisible();
  // Not decided yet: withdrawn and anonymised at once, since nothing obliges the foundation to keep it.
  await expect(page.getByRole('heading', { name: 'Ansökningar som anonymiseras direkt' })).toBeVisible();
  await expect(page.getByText('Inte beslutad än: den dras tillbaka och prövas inte')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Utkast som raderas direkt' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ladda ner mina uppgifter' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip$/);
  const { names, text } = await readZip(await readFile(await download.path()), 'data.json');
  expect(names).toEqual(expect.arrayContaining(['data.json', 'LÄS-MIG.txt']));
  const data = JSON.parse(text) as { account: { email: string; last_name: string }; applications: { reference: string | null }[] };
  expect(data.account).toMatchObject({ email: email.toLowerCase(), last_name: 'Uppgiftsson' });
  expect(data.applications.map((a) => a.reference)).toEqual(expect.arrayContaining([reference, null]));
  await expect(page.getByText('Filen är nedladdad.')).toBeVisible();

  await page.getByRole('button', { name: 'Radera mitt konto …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vill du radera ditt konto?' });
  await expect(dialog.getByText('1 utkast raderas direkt.')).toBeVisible();
  await expect(dialog.getByText('1 inskickad ansökan anonymiseras direkt.')).toBeVisible();
  await expect(dialog.getByText(/ditt konto raderas direkt/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Radera kontot' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Jag förstår att detta inte kan ångras/ }).check();
  await confirm.click();

  // Signed out, told what happened; the account cannot be signed in to any more.
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('status').filter({ hasText: 'Ditt konto är raderat' })).toBeVisible();
  expect((await page.request.get('/api/v1/frontend-users/me')).status()).toBe(401);
  await page.goto('/mina-uppgifter');
  await expect(page).toHaveURL(/\/register\?redirect=/);

  // Staff still have the application for the statistics, anonymised, and its history says why.
  const staff = await newPage();
  await loginAs(staff, ADMIN, 'Anna');
  const found = (await (await staff.request.get(`/api/v1/applications/all?search=${reference}`)).json()).data.data as {
    uuid: string;
    applicant: unknown;
  }[];
  expect(found).toHaveLength(1);
  expect(found[0].applicant).toBeNull();
  const history = (await (await staff.request.get(`/api/v1/applications/${found[0].uuid}/history`)).json()).data as { action: string }[];
  expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['withdrawn', 'erasure_anonymised']));
});
