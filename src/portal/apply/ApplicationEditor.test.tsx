import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import type { ApplicationForm } from '../../forms/application/types';
import { ApiError } from '../../providers/httpClient';
import { createI18nProvider } from '../../providers/i18nProvider';
import ApplyPage from '../pages/ApplyPage';
import { http } from '../providers';
import { Route, Routes } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';

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
  organisation_type: null,
  org_address: null,
  org_co: null,
  org_zip: null,
  org_city: null,
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
const backupKey = `application-draft:${uuid}`;

/** How long a step may take: the page, MUI and the form's rules load here, and each save waits for the one before. */
const BUSY = 15_000;

/** The saves the stubbed API was asked for; it refuses any that holds an organisation type. */
let puts: Record<string, unknown>[];

beforeEach(async () => {
  localStorage.clear();
  puts = [];
  const answer = (data: unknown) => ({ data: { data } as never, status: 200, headers: {} });
  vi.spyOn(http, 'get').mockImplementation(async (url) =>
    answer(url === '/portal/periods' ? [period] : url === '/portal/categories' ? [] : draft),
  );
  vi.spyOn(http, 'put').mockImplementation(async (_url, body) => {
    const changes = (body as { data: Record<string, unknown> }).data;
    puts.push(changes);
    if ('organisation_type' in changes)
      throw new ApiError('De angivna uppgifterna var ogiltiga.', 422, { errors: { organisation_type: 'Organisationsformen finns inte.' } });
    return answer({ ...draft, ...changes, updated_at: '2026-03-02T10:00:00Z' });
  });
  const i18nProvider = await createI18nProvider();
  await i18nProvider.changeLocale('sv-SE');
  await mountInPortal(
    <Routes>
      <Route path="/ansok/:id" element={<ApplyPage />} />
    </Routes>,
    i18nProvider,
    `/ansok/1?application=${uuid}`,
  );
  await waitFor(() => text().includes('Steg 3 av 5'), 'the organisation step', BUSY);
}, 30_000);
afterEach(async () => {
  unmountPortal();
  // The autosave sends what it still holds as the page goes: to this file's stub, not the next file's (one window
  // serves a worker's files).
  await act(async () => {});
  vi.restoreAllMocks();
});

const input = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement;
const helper = (name: string) => document.getElementById(`field-${name}-helper`)?.textContent ?? '';
const choose = (value: number) =>
  act(async () => document.querySelector<HTMLInputElement>(`input[name=organisation_type][value="${value}"]`)!.click());
const leave = (name: string) => act(async () => input(name).blur());

// The page, MUI and the form's rules load in each test; on a busy machine that alone can take seconds.
describe('the application form’s autosave', { timeout: 60_000 }, () => {
  it('shows the server’s reason beside a field it refuses to save, keeps the value here and saves the rest', async () => {
    await typeInto(input('org_name'), 'Norrbygdens Idrottsförening');
    await choose(20);
    await leave('org_name');
    await waitFor(() => helper('organisation_type').includes('Organisationsformen finns inte.'), 'the reason beside the field', BUSY);
    expect(document.querySelector<HTMLInputElement>('input[name=organisation_type][value="20"]')!.checked).toBe(true);
    // The name went again at once, without the refused type, which this browser keeps for a reload.
    await waitFor(() => puts.length === 2, 'the rest saved', BUSY);
    expect(puts).toEqual([{ org_name: 'Norrbygdens Idrottsförening', organisation_type: 20 }, { org_name: 'Norrbygdens Idrottsförening' }]);
    expect(JSON.parse(localStorage.getItem(backupKey)!)).toEqual({ organisation_type: 20 });
    expect(text()).toContain('Senast sparat 2026-03-02 11:00.');

    // Not sent again with the next save; chosen again, the reason goes and the type is sent.
    await typeInto(input('org_city'), 'Kalix');
    await leave('org_city');
    await waitFor(() => puts.length === 3, 'the city saved', BUSY);
    expect(puts[2]).toEqual({ org_city: 'Kalix' });
    await choose(30);
    expect(helper('organisation_type')).not.toContain('Organisationsformen finns inte.');
    await leave('org_city');
    await waitFor(() => puts.length === 4, 'the new type sent', BUSY);
    expect(puts[3]).toEqual({ organisation_type: 30 });
  });
});
