import { act } from 'react';
import { Route, Routes } from '../router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { createI18nProvider } from '../../providers/i18nProvider';
import MyDataPage from './MyDataPage';
import RegisterPage from './RegisterPage';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { API_PREFIX } from '../../providers/config';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';

const preview = {
  account: 'closed',
  kept_until: '2032-12-01',
  organisations: [
    {
      uuid: 'o-1',
      reference: '2026-0042',
      status: 20,
      period: 'Vårens bidrag 2026',
      application_type: 'Föreningsbidrag',
      organisation: 'Norrbygdens IF',
    },
  ],
  drafts: [
    { uuid: 'd-1', period: 'Vårens bidrag 2026', application_type: 'Stipendium för unga ledare', updated_at: '2026-03-02T09:00:00Z' },
    { uuid: 'd-2', period: 'Sommarens sponsring 2026', application_type: null, updated_at: '2026-04-15T09:00:00Z' },
  ],
  anonymised: [
    { uuid: 'a-1', reference: '2026-0012', status: 30, period: 'Vårens bidrag 2026', application_type: null, withdrawn: true },
    { uuid: 'a-2', reference: '2025-0003', status: -10, period: 'Höstens bidrag 2025', application_type: 'Stipendium', withdrawn: false },
  ],
  kept: [
    {
      uuid: 'k-1',
      reference: '2025-0007',
      status: 40,
      period: 'Höstens bidrag 2025',
      application_type: 'Bidrag till föreningsliv',
      anonymised_from: '2032-12-01',
    },
  ],
};

/** Every call the page made to the stubbed API, in order. */
let calls: Call[] = [];

const defaultRoutes = (erasure: unknown = preview): Record<string, Handler> => ({
  'GET /privacy-notice': () =>
    json(200, { data: { locale: 'sv-SE', body: 'Stiftelsen är personuppgiftsansvarig.\n\nVad vi sparar: ditt namn.' } }),
  'GET /frontend-users/me/erasure': () => json(200, { data: erasure }),
});

/** Keys the page asked for that the language has no text for. */
let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  // Signed in, as RequireApplicant lets the page show only then.
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page at /mina-uppgifter (in Swedish unless `locale` says) over the stubbed API, with /register beside it. */
async function render(routes: Record<string, Handler> = defaultRoutes(), locale: Locale = 'sv-SE') {
  calls = stubApi(routes);
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/mina-uppgifter" element={<MyDataPage />} />
      <Route path="/register" element={<RegisterPage />} />
    </Routes>,
    i18nProvider,
    '/mina-uppgifter',
  );
  const erasure = locale === 'sv-SE' ? 'Så här blir det för dig' : 'This is what it means for you';
  await waitFor(() => text().includes(erasure) && !document.querySelector('[role="progressbar"]'), 'the page');
}

const section = (name: string) => {
  const heading = [...document.querySelectorAll('h2, h3')].find((h) => h.textContent === name);
  if (!heading) throw new Error(`no heading ${name}: ${text()}`);
  return heading.closest('section')!;
};
const items = (name: string) =>
  [...section(name).querySelectorAll('li')].map((li) => (li.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
const button = (name: string, within: ParentNode = document) => {
  const found = [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}: ${text()}`);
  return found;
};
const dialog = () => document.querySelector('[role="dialog"]');
const click = (element: HTMLElement) => act(async () => element.click());

describe('the My data page', { timeout: 20_000 }, () => {
  it('shows the privacy notice as paragraphs of text', async () => {
    await render();
    const notice = [...section('Vad vi sparar och varför').querySelectorAll('p')].map((p) => p.textContent);
    expect(notice).toEqual(['Stiftelsen är personuppgiftsansvarig.', 'Vad vi sparar: ditt namn.']);
  });

  it('lists the drafts that go at once, the applications anonymised at once, and the approved ones kept until when', async () => {
    await render();
    expect(items('Utkast som raderas direkt')).toEqual([
      'Stipendium för unga ledareVårens bidrag 2026 · Senast sparat 2 mars 2026',
      'Sommarens sponsring 2026Senast sparat 15 apr. 2026',
    ]);
    expect(items('Ansökningar som anonymiseras direkt')).toEqual([
      'Referens 2026-0012 · Vårens bidrag 2026Status: Under utredningInte beslutad än: den dras tillbaka och prövas inte',
      'Referens 2025-0003 · StipendiumHöstens bidrag 2025 · Status: Avslagen',
    ]);
    expect(items('Beviljade ansökningar som sparas')).toEqual([
      'Referens 2025-0007 · Bidrag till föreningslivHöstens bidrag 2025 · Status: BeviljadSparas för bokföringen och anonymiseras från och med 1 dec. 2032',
    ]);
    // An organisation's application stays with it: said, with whose it is.
    expect(items('Ansökningar som stannar hos organisationen')).toEqual([
      'Referens 2026-0042 · FöreningsbidragVårens bidrag 2026 · Status: ObehandladNorrbygdens IF',
    ]);
    expect(section('Radera mitt konto').textContent).toContain(
      'Ditt konto stängs direkt: du kan inte längre logga in och får inga mejl från oss. Kontot raderas helt när den sista av dina beviljade ansökningar har anonymiserats, från och med 1 dec. 2032.',
    );
  });

  it('says that the account goes at once when nothing is kept', async () => {
    await render(defaultRoutes({ account: 'deleted', kept_until: null, drafts: [], anonymised: [], kept: [], organisations: [] }));
    const erase = section('Radera mitt konto');
    expect(erase.textContent).toContain(
      'Vi behöver inte spara någon ansökan från dig, så ditt konto raderas direkt med alla dina uppgifter.',
    );
    expect(erase.querySelectorAll('h3')).toHaveLength(0);
  });

  it('deletes nothing until the box is ticked, then deletes with confirm: true and leaves for /register', async () => {
    const routes = defaultRoutes();
    routes['DELETE /frontend-users/me'] = () =>
      json(200, { data: { account: 'closed', drafts_deleted: 2, anonymised: 2, kept: 1, kept_until: '2032-12-01' } });
    await render(routes);
    await click(button('Radera mitt konto …'));
    await waitFor(() => !!dialog(), 'the dialog');
    const box = dialog()!;
    expect(box.textContent).toContain('2 utkast raderas direkt.');
    expect(box.textContent).toContain('2 inskickade ansökningar anonymiseras direkt.');
    expect(box.textContent).toContain('1 beviljad ansökan sparas för bokföringen till 1 dec. 2032.');
    const confirm = button('Radera kontot', box);
    expect(confirm.disabled).toBe(true);
    await click(confirm);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    const checkbox = box.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(checkbox.closest('label')!.textContent).toMatch(/^Jag förstår att detta inte kan ångras/);
    await click(checkbox);
    expect(confirm.disabled).toBe(false);
    await click(confirm);
    await waitFor(() => text().includes('Registrera dig eller logga in'), '/register');

    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => [c.path, c.body, c.headers['X-Requested-With']])).toEqual([
      ['/frontend-users/me', { data: { confirm: true } }, 'XMLHttpRequest'],
    ]);
    expect(document.querySelector('[role="status"]')!.textContent).toContain(
      'Ditt konto är stängt, dina utkast är raderade och ansökningarna som inte beviljades är anonymiserade. Dina beviljade ansökningar sparar vi för bokföringen',
    );
    // The session is forgotten here too, and no logout call follows the server's own ending of it.
    expect(localStorage.getItem('applicant_session')).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/frontend-users/logout');
  });

  it('closes the dialog on cancel without deleting', async () => {
    await render();
    await click(button('Radera mitt konto …'));
    await waitFor(() => !!dialog(), 'the dialog');
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await click(button('Avbryt', dialog()!));
    await waitFor(() => !dialog(), 'the dialog to close');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(text()).toContain('Mina uppgifter');
    expect(localStorage.getItem('applicant_session')).not.toBeNull();
  });

  it('shows the server’s refusal in the dialog and stays', async () => {
    const routes = defaultRoutes();
    routes['DELETE /frontend-users/me'] = () =>
      json(422, { message: 'Uppgifterna är ogiltiga.', errors: { confirm: ['Bekräfta först att du har läst vad som händer.'] } });
    await render(routes);
    await click(button('Radera mitt konto …'));
    await waitFor(() => !!dialog(), 'the dialog');
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await click(button('Radera kontot', dialog()!));
    await waitFor(() => !!dialog()!.querySelector('.MuiAlert-standardError'), 'the error');
    expect(dialog()!.querySelector('.MuiAlert-standardError')!.textContent).toBe('Bekräfta först att du har läst vad som händer.');
    expect(localStorage.getItem('applicant_session')).not.toBeNull();
  });

  it('says the file is being prepared and mailed when the download answers 202', async () => {
    const routes = defaultRoutes();
    routes['GET /frontend-users/me/export'] = () => json(202, { data: { status: 'building', requested_at: '2026-05-04T08:30:00Z' } });
    await render(routes);
    const download = button('Ladda ner mina uppgifter');
    await click(download);
    await waitFor(() => text().includes('Filen är stor'), 'the message');
    expect(text()).toContain('Filen är stor, så vi förbereder den. Vi mejlar dig när den är klar, och då laddar du ner den här.');
    expect(text()).toContain('Du bad om filen 4 maj 2026 10:30.');
    expect(download.disabled).toBe(false);
  });

  it('saves the ZIP under the server’s name, the button busy meanwhile', async () => {
    let send: (response: Response) => void = () => {};
    const routes = defaultRoutes();
    routes['GET /frontend-users/me/export'] = () => {
      throw new Error('answered below');
    };
    await render(routes);
    // The answer waits until the test sends it, to see the button while it downloads.
    vi.stubGlobal('fetch', (input: string) => {
      calls.push({ method: 'GET', path: input.slice(API_PREFIX.length), headers: {}, body: undefined });
      return new Promise<Response>((resolve) => (send = resolve));
    });
    const saved: { name: string; href: string }[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:mina-uppgifter');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href')! });
    });

    const download = button('Ladda ner mina uppgifter');
    await click(download);
    await waitFor(() => text().includes('Hämtar dina uppgifter'), 'the progress');
    expect(download.disabled).toBe(true);
    expect(download.querySelector('[role="progressbar"]')).not.toBeNull();

    await act(async () =>
      send(
        new Response(new TextEncoder().encode('PK'), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="mina-uppgifter-2026-05-04.zip"; filename*=UTF-8''mina-uppgifter-2026-05-04.zip`,
          },
        }),
      ),
    );
    await waitFor(() => text().includes('Filen är nedladdad'), 'the file');
    expect(saved).toEqual([{ name: 'mina-uppgifter-2026-05-04.zip', href: 'blob:mina-uppgifter' }]);
    expect(download.disabled).toBe(false);
  });

  it('shows a failed download as an error', async () => {
    const routes = defaultRoutes();
    routes['GET /frontend-users/me/export'] = () => json(500, { message: 'Något gick fel. Försök igen om en stund.' });
    await render(routes);
    await click(button('Ladda ner mina uppgifter'));
    await waitFor(() => !!document.querySelector('.MuiAlert-standardError'), 'the error');
    expect(document.querySelector('.MuiAlert-standardError')!.textContent).toBe('Något gick fel. Försök igen om en stund.');
  });
});

/** The account's e-ID as the server answers it: BankID linked, one e-ID waiting, and the history. */
const accountEid = (changes: Record<string, unknown> = {}) => ({
  data: {
    provider: 'BankID',
    linked_at: '2026-03-02T09:00:00Z',
    requests: [
      { id: '3', first_name: 'Sten', last_name: 'Främling', requested_at: '2026-05-04T08:00:00Z', expires_at: '2026-05-04T08:30:00Z' },
    ],
    history: [{ event: 'eid_linked', provider: 'BankID', person_name: 'Åsa Öberg', created_at: '2026-03-02T09:00:00Z' }],
    ...changes,
  },
});
/** The default routes with the account's e-ID answered so, and its removal answered by `removal`. */
const withEid = (eid: unknown, removal?: Handler) => ({
  ...defaultRoutes(),
  'GET /frontend-users/me/eid': () => json(200, eid),
  ...(removal ? { 'DELETE /frontend-users/me/eid': removal } : {}),
});
const eidSection = async (name = 'E-legitimation') => {
  await waitFor(() => [...document.querySelectorAll('h2')].some((h) => h.textContent === name), 'the e-ID section');
  return section(name);
};

describe('the My data page’s e-ID', { timeout: 20_000 }, () => {
  it('says which e-ID signs in since when, what waits for an answer, and the history', async () => {
    await render(withEid(accountEid()));
    const eid = await eidSection();
    expect(eid.textContent).toContain(
      'Ditt konto är kopplat till BankID sedan 2 mars 2026. Du kan logga in med det i stället för med en länk via e-post.',
    );
    expect(eid.textContent).toContain('1 e-legitimation väntar på att du bekräftar eller avböjer kopplingen.');
    expect(eid.querySelector('a')!.getAttribute('href')).toBe('/e-legitimation/koppla');
    expect(items('Händelser')).toEqual(['E-legitimation koppladBankID · Åsa Öberg · 2 mars 2026 10:00']);
  });

  it('removes the link only after the confirmation, says so where the keyboard is, and shows the history the server answers', async () => {
    const removal = () =>
      json(
        200,
        accountEid({
          linked_at: null,
          requests: [],
          history: [
            { event: 'eid_unlinked', provider: 'BankID', person_name: null, created_at: '2026-05-04T09:00:00Z' },
            { event: 'eid_linked', provider: 'BankID', person_name: 'Åsa Öberg', created_at: '2026-03-02T09:00:00Z' },
          ],
        }),
      );
    await render(withEid(accountEid({ requests: [] }), removal));
    await click(button('Ta bort kopplingen till e-legitimationen …', await eidSection()));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Ta bort kopplingen till BankID?');
    expect(dialog()!.textContent).toContain('E-legitimationen kan då inte längre logga in på ditt konto');
    // Cancelling removes nothing.
    await click(button('Avbryt', dialog()!));
    await waitFor(() => !dialog(), 'the dialog to close');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await click(button('Ta bort kopplingen till e-legitimationen …'));
    await waitFor(() => !!dialog(), 'the dialog');
    await click(button('Ta bort kopplingen', dialog()!));
    await waitFor(() => !dialog(), 'the dialog to close');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.body])).toEqual([
      ['/frontend-users/me/eid', { data: { confirm: true } }],
    ]);
    const eid = section('E-legitimation');
    expect(document.activeElement!.textContent).toBe('Kopplingen till BankID är borttagen. Vi har mejlat dig om det.');
    expect(eid.textContent).toContain('Ingen e-legitimation är kopplad till ditt konto. Logga in med BankID om du vill kunna använda den.');
    expect(items('Händelser')).toEqual([
      'Koppling till e-legitimation borttagenBankID · 4 maj 2026 11:00',
      'E-legitimation koppladBankID · Åsa Öberg · 2 mars 2026 10:00',
    ]);
  });

  it('in English: shows the server’s refusal in the dialog and stays', async () => {
    await render(
      withEid(accountEid({ requests: [] }), () => json(422, { message: 'No e-ID is linked to your account.' })),
      'en-US',
    );
    await click(button('Remove the e-ID link …', await eidSection('E-ID')));
    await waitFor(() => !!dialog(), 'the dialog');
    await click(button('Remove the link', dialog()!));
    await waitFor(() => !!dialog()!.querySelector('.MuiAlert-standardError'), 'the error');
    expect(dialog()!.querySelector('.MuiAlert-standardError')!.textContent).toBe('No e-ID is linked to your account.');
  });

  it('shows no e-ID section where the portal offers no e-ID and none is linked', async () => {
    await render(withEid(accountEid({ provider: null, linked_at: null, requests: [], history: [] })));
    await waitFor(() => calls.some((c) => c.path === '/frontend-users/me/eid'), 'the e-ID asked for');
    expect([...document.querySelectorAll('h2')].map((h) => h.textContent)).not.toContain('E-legitimation');
  });
});
