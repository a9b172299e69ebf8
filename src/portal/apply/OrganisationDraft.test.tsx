import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import type { ApplicationForm } from '../../forms/application/types';
import { createI18nProvider } from '../../providers/i18nProvider';
import ApplyPage from '../pages/ApplyPage';
import { Route, Routes } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';
import { editTime } from './editedBy';

// An organisation's draft, which all its members write: whose it is, who else changed a field last, and at the
// organisation's number, where the applicant stands towards the people it already has here.

const uuid = 'c3d4e5f6';
const draft: ApplicationForm = {
  uuid,
  reference: null,
  status: 10,
  step: 3,
  period_id: 1,
  application_type_id: 2,
  applicant_type: 20,
  money: 2_500_000,
  category_ids: [],
  global_goals: [],
  definitions: {},
  links: [],
  consent: false,
  approved_money: null,
  sent_in_at: null,
  updated_at: '2026-03-02T09:00:00Z',
  period: { id: 1, name: 'Vårens bidrag 2026', open: true, end_date: '2026-04-30', answer_by: '2026-06-15', untranslated: [] },
  application_type: 'Bidrag till föreningsliv',
  untranslated: [],
  questions: [],
  files: [],
  upload_max_bytes: 10 * 1024 * 1024,
  organisation: null,
  sent_in_by: null,
  edits: {},
  org_number: '802415-3978',
  org_name: 'Norrbygdens IF',
  organisation_type: 10,
  org_address: null,
  org_co: null,
  org_zip: '95231',
  org_city: 'Kalix',
  org_website: null,
  contact_first_name: null,
  contact_last_name: null,
  contact_email: null,
  contact_email_confirmation: null,
  contact_phone: null,
  contact_address: null,
  contact_zip: null,
  contact_city: null,
};
const period = { id: 1, name: 'Vårens bidrag 2026', start_date: '2026-03-01', end_date: '2026-04-30', application_types: [] };
const registered = (standing: string) => ({
  id: 7,
  standing,
  name: 'Norrbygdens IF',
  type: 10,
  address: null,
  co: null,
  zip: '95231',
  city: 'Kalix',
  website: null,
});

let calls: Call[] = [];
let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The form of `form` at its organisation step, the register answering `standing` for its number. */
async function render(form: ApplicationForm, standing = 'new', routes: Record<string, Handler> = {}, locale: Locale = 'sv-SE') {
  calls = stubApi({
    [`GET /portal/applications/${uuid}`]: () => json(200, { data: form }),
    [`PUT /portal/applications/${uuid}`]: ({ body }) =>
      json(200, { data: { ...form, ...(body as { data: object }).data, updated_at: '2026-03-02T10:00:00Z' } }),
    'GET /portal/periods': () => json(200, { data: [period] }),
    'GET /portal/categories': () => json(200, { data: [] }),
    'GET /portal/organisations/802415-3978': () => json(200, { data: registered(standing) }),
    ...routes,
  });
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/ansok/:id" element={<ApplyPage />} />
    </Routes>,
    i18nProvider,
    `/ansok/1?application=${uuid}`,
  );
  await waitFor(() => text().includes(locale === 'sv-SE' ? 'Steg 3 av 5' : 'Step 3 of 5'), 'the organisation step');
}

const input = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement;
const helper = (name: string) => document.getElementById(`field-${name}-helper`)?.textContent ?? '';
const click = (element: HTMLElement) => act(async () => element.click());
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('an organisation’s draft', { timeout: 20_000 }, () => {
  it('says whose it is, and who else changed a field last, until the reader changes it', async () => {
    await render(
      {
        ...draft,
        organisation: { id: 7, name: 'Norrbygdens IF', role: 'member' },
        edits: {
          org_name: { by: 'Karin Kassör', at: '2026-03-02T13:05:00Z', mine: false },
          org_city: { by: null, at: '2026-03-01T08:00:00Z', mine: false },
          org_zip: { by: 'Olle Ordförande', at: '2026-03-01T08:00:00Z', mine: true },
        },
      },
      'member',
    );
    const notice = document.querySelector('.MuiAlert-standardInfo')!;
    expect(notice.textContent).toBe(
      'Ansökan tillhör Norrbygdens IF. Alla organisationens medlemmar ser den och kan ändra den. Organisationens personer',
    );
    expect(notice.querySelector('a')!.getAttribute('href')).toBe('/organisationer/7');
    expect(helper('org_name')).toBe('Senast ändrad av Karin Kassör 2 mars 2026 14:05');
    expect(input('org_name').getAttribute('aria-describedby')).toBe('field-org_name-helper');
    expect(helper('org_city')).toBe('Senast ändrad av en tidigare medlem 1 mars 2026 09:00');
    // The reader's own change says nothing.
    expect(helper('org_zip')).not.toContain('Senast ändrad');

    await typeInto(input('org_name'), 'Norrbygdens Idrottsförening');
    expect(helper('org_name')).not.toContain('Senast ändrad');
    expect(helper('org_city')).toContain('Senast ändrad');
    // The organisation's own draft: nothing more said of where the reader stands.
    await waitFor(() => calls.some((c) => c.path === '/portal/organisations/802415-3978'), 'the register asked');
    expect(text()).not.toContain('redan medlemmar');
    await waitFor(() => calls.some((c) => c.method === 'PUT'), 'the change saved');
  });

  it('says who changed a field today by the time alone', () => {
    const now = new Date('2026-03-02T20:00:00Z');
    expect(editTime('2026-03-02T13:05:00Z', 'sv-SE', now)).toBe('14:05');
    expect(editTime('2026-03-02T13:05:00Z', 'en-US', now)).toBe('2:05 PM');
    expect(editTime('2026-03-01T13:05:00Z', 'sv-SE', now)).toBe('1 mars 2026 14:05');
  });
});

describe('the organisation number’s standing', { timeout: 20_000 }, () => {
  it('tells one who is not of the organisation’s people that the application stays theirs until invited', async () => {
    await render(draft, 'others');
    await waitFor(() => text().includes('redan medlemmar'), 'the standing');
    expect(text()).toContain(
      'Norrbygdens IF har redan medlemmar här i portalen. Ansökan förblir din egen tills en firmatecknare för organisationen bjuder in dig; då blir den organisationens.',
    );
    // Another number, not yet looked up, says nothing of this one.
    await typeInto(input('org_number'), '802400-1234');
    expect(text()).not.toContain('redan medlemmar');
  });

  it('offers to ask the foundation for access where nobody is left, with a reason', async () => {
    await render(draft, 'nobody_left', {
      'POST /portal/organisations/7/access-requests': () => json(201, { data: { id: 3 } }),
      'POST /portal/organisations/7/access-requests/3/file': () => json(201, { data: { name: 'protokoll.pdf', size: 4 } }),
    });
    await waitFor(() => text().includes('Ingen finns längre kvar i Norrbygdens IF'), 'the standing');
    await click(button('Be om åtkomst'));
    expect(document.getElementById('access-reason-helper')!.textContent).toBe('Skriv varför du ska företräda organisationen.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await typeInto(document.getElementById('access-reason') as HTMLTextAreaElement, 'Jag är ny kassör i föreningen.');
    // The annual meeting's minutes go with it.
    const picker = document.getElementById('access-file') as HTMLInputElement;
    Object.defineProperty(picker, 'files', { value: [new File(['%PDF'], 'protokoll.pdf', { type: 'application/pdf' })] });
    await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })));
    await click(button('Be om åtkomst'));
    await waitFor(() => text().includes('Din begäran har skickats.'), 'the confirmation');
    const statuses = [...document.querySelectorAll('[role="status"]')].map((status) => status.textContent);
    expect(statuses).toContain('Din begäran har skickats. Stiftelsen svarar med ett mejl.');
    expect(document.getElementById('access-reason')).toBeNull();
    await waitFor(() => calls.filter((c) => c.method === 'POST').length === 2, 'the file sent');
    const [asked, attached] = calls.filter((c) => c.method === 'POST');
    expect([asked.path, asked.body]).toEqual([
      '/portal/organisations/7/access-requests',
      { data: { reason: 'Jag är ny kassör i föreningen.' } },
    ]);
    expect(attached.path).toBe('/portal/organisations/7/access-requests/3/file');
    expect((attached.body as FormData).get('file')).toMatchObject({ name: 'protokoll.pdf' });
  });

  it('in English: shows the server’s refusal of a request for access', async () => {
    await render(
      draft,
      'nobody_left',
      {
        'POST /portal/organisations/7/access-requests': () =>
          json(409, { message: 'You have already asked for access to the organisation. The foundation will answer as soon as it can.' }),
      },
      'en-US',
    );
    await waitFor(() => text().includes('Nobody is left in Norrbygdens IF'), 'the standing');
    await typeInto(document.getElementById('access-reason') as HTMLTextAreaElement, 'I am the new treasurer.');
    await click(button('Ask for access'));
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the refusal');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(
      'You have already asked for access to the organisation. The foundation will answer as soon as it can.',
    );
  });
});
