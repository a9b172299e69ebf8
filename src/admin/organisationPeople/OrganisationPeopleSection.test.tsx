import { act } from 'react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '../../../resources/format';
import { endpointFor } from '../../../resources/index';
import { pageText, typeInto, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import type { OrganisationPeople } from '../../providers/staffMethods';
import { fakeApi, type Recorded } from '../../providers/testServer';
import type { HttpClient } from '../../providers/httpClient';
import { mountInAdmin, mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';
import { OrganisationPeopleSection } from './OrganisationPeopleSection';

// An organisation's people on its page: the members and their roles, the invitations waiting, the history as
// sentences, and a person added, given another role or removed with a reason.

afterEach(() => {
  unmountAdmin();
  unsetPhone();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ status: 200, data: { data } });
const people: OrganisationPeople = {
  organisation: { id: 3, name: 'Överkalix skidklubb', org_number: '802400-1234', is_verified: true },
  members: [
    { id: 11, frontend_user_id: 41, name: 'Bo Berg', email: 'bo@skidklubben.se', role: 'signatory', joined_at: '2026-01-15T09:00:00Z' },
    { id: 12, frontend_user_id: 42, name: 'Cilla Dahl', email: 'cilla@skidklubben.se', role: 'member', joined_at: '2026-03-02T10:00:00Z' },
  ],
  invitations: [
    { id: 5, email: 'ny@skidklubben.se', role: 'member', created_at: '2026-04-01T08:00:00Z', expires_at: '2026-04-15T08:00:00Z' },
  ],
  history: [
    {
      id: 9,
      action: 'member_removed',
      at: '2026-04-03T12:00:00Z',
      by: 'Anna Admin',
      by_staff: true,
      about: null,
      details: { role: 'member', reason: 'Lämnade styrelsen.' },
    },
    {
      id: 8,
      action: 'invited',
      at: '2026-04-01T08:00:00Z',
      by: 'Bo Berg',
      by_staff: false,
      about: null,
      details: { email: 'ny@skidklubben.se', role: 'member' },
    },
    { id: 7, action: 'member_left', at: '2026-03-20T08:00:00Z', by: null, by_staff: false, about: null, details: { role: 'member' } },
    {
      id: 6,
      action: 'role_changed',
      at: '2026-03-10T08:00:00Z',
      by: 'Bo Berg',
      by_staff: false,
      about: 'Cilla Dahl',
      details: { from: 'member', role: 'signatory' },
    },
    {
      id: 1,
      action: 'member_added',
      at: '2026-01-15T09:00:00Z',
      by: null,
      by_staff: false,
      about: 'Bo Berg',
      details: { role: 'signatory', how: 'first_application' },
    },
  ],
};

type Handler = (request: Recorded) => { status: number; data?: unknown };

async function open(routes: Record<string, Handler> = {}) {
  const api = fakeApi({ 'GET /organisations/3/members': () => ok(people), ...routes });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(
    <RecordContextProvider value={{ id: 3, name: 'Överkalix skidklubb' }}>
      <OrganisationPeopleSection />
    </RecordContextProvider>,
    createDataProvider(http, endpointFor),
    '/organisations/3',
    [{ name: 'manage-organisations', entity_id: null, entity_type: null }],
    { id: 1, fullName: 'Anna Admin' },
  );
  await waitFor(() => pageText().includes('Bo Berg'), 'the people');
  return api;
}

/** A text with the narrow and no-break spaces of formatted dates read as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
/** The button of the dialog, or of the page, whose text (or accessible name) is `name`. */
const button = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name)!;
const click = (element: HTMLElement) => act(async () => element.click());
const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
const helperOf = (id: string) => document.getElementById(field(id).getAttribute('aria-describedby')!.split(' ')[0])?.textContent;
const calls = (api: { calls: Recorded[] }, method: string) => api.calls.filter((c) => c.method === method);
const reads = (api: { calls: Recorded[] }) => api.calls.filter((c) => c.method === 'GET').length;

describe('an organisation’s people, on its page', { timeout: 20_000 }, () => {
  it('lists the members with their roles and since when, the invitations waiting, and the history as sentences', async () => {
    await open();
    const rows = [...document.querySelectorAll('table[aria-labelledby="organisation-members"] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(0, 4).map((td) => plain(td.textContent)),
    );
    expect(rows).toEqual([
      ['Bo Berg', 'bo@skidklubben.se', 'Firmatecknare', plain(formatDate('2026-01-15T09:00:00Z', 'sv-SE'))],
      ['Cilla Dahl', 'cilla@skidklubben.se', 'Medlem', plain(formatDate('2026-03-02T10:00:00Z', 'sv-SE'))],
    ]);
    expect(pageText()).toContain('ny@skidklubben.se');
    expect(pageText()).toContain('som medlem, skickad');

    const history = [...document.querySelectorAll('ul[aria-labelledby="organisation-history"] li')].map((li) => plain(li.textContent));
    expect(history).toEqual([
      `Anna Admin (stiftelsen) tog bort en tidigare medlem (medlem) ur organisationen.${plain(formatDateTime('2026-04-03T12:00:00Z', 'sv-SE'))}Skäl: Lämnade styrelsen.`,
      expect.stringMatching(/^Bo Berg bjöd in ny@skidklubben\.se som medlem\.\d/),
      expect.stringMatching(/^En tidigare medlem \(medlem\) lämnade organisationen\.\d/),
      expect.stringMatching(/^Bo Berg gjorde Cilla Dahl till firmatecknare \(var medlem\)\.\d/),
      expect.stringMatching(/^Bo Berg blev firmatecknare när organisationens första ansökan skickades in\.\d/),
    ]);
  });

  it('adds a person: the address, role and reason required beside their fields, then sent; the server’s field error beside the address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = await open({
      'POST /organisations/3/members': () => ({
        status: 422,
        data: { message: 'Uppgifterna är ogiltiga.', errors: { email: ['Det finns inget konto i portalen med den e-postadressen.'] } },
      }),
    });
    await click(button('Lägg till person'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Lägg till person i Överkalix skidklubb');

    await click(button('Lägg till person', dialog()!));
    await waitFor(() => helperOf('organisation-add-email') === 'Skriv personens e-postadress.', 'the address’s error');
    expect(helperOf('organisation-add-reason')).toBe('Skriv ett skäl.');
    expect(field('organisation-add-email').getAttribute('aria-invalid')).toBe('true');
    expect(calls(api, 'POST')).toEqual([]);

    await typeInto(field('organisation-add-email'), 'dan@example.se');
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="radio"][value="signatory"]')!);
    await typeInto(field('organisation-add-reason'), '  Ny ordförande enligt årsmötet.  ');
    await click(button('Lägg till person', dialog()!));
    await waitFor(
      () => helperOf('organisation-add-email') === 'Det finns inget konto i portalen med den e-postadressen.',
      'the server’s error',
    );
    expect(calls(api, 'POST').map((c) => c.body)).toEqual([
      { data: { email: 'dan@example.se', role: 'signatory', reason: 'Ny ordförande enligt årsmötet.' } },
    ]);
    expect(field('organisation-add-email').getAttribute('aria-invalid')).toBe('true');
    expect(helperOf('organisation-add-reason')).toBe('Sparas i organisationens historik.');
    expect(dialog()).not.toBeNull();
  });

  it('adds a person as a member by default, says so, closes and reads the people again', async () => {
    const api = await open({ 'POST /organisations/3/members': () => ok(people) });
    await click(button('Lägg till person'));
    await waitFor(() => !!dialog(), 'the dialog');
    await typeInto(field('organisation-add-email'), 'dan@example.se');
    await typeInto(field('organisation-add-reason'), 'Kassör sedan årsmötet.');
    const before = reads(api);
    await click(button('Lägg till person', dialog()!));
    await waitFor(() => pageText().includes('Personen är tillagd i organisationen.'), 'the notice');
    expect(calls(api, 'POST')[0].body).toEqual({ data: { email: 'dan@example.se', role: 'member', reason: 'Kassör sedan årsmötet.' } });
    await waitFor(() => !dialog() && reads(api) > before, 'the dialog closed and the people read again');
  });

  it('removes a member only with a reason, asking first', async () => {
    const api = await open({ 'DELETE /organisations/3/members/12': () => ok(people) });
    await click(button('Ta bort Cilla Dahl'));
    await waitFor(() => !!dialog(), 'the confirmation');
    expect(dialog()!.textContent).toContain('Ta bort Cilla Dahl ur Överkalix skidklubb?');

    await click(button('Ta bort', dialog()!));
    await waitFor(() => helperOf('organisation-remove-reason') === 'Skriv ett skäl.', 'the reason’s error');
    expect(calls(api, 'DELETE')).toEqual([]);

    await typeInto(field('organisation-remove-reason'), 'Har flyttat från orten.');
    await click(button('Ta bort', dialog()!));
    await waitFor(() => pageText().includes('Personen är borttagen ur organisationen.'), 'the notice');
    expect(calls(api, 'DELETE').map((c) => c.body)).toEqual([{ data: { reason: 'Har flyttat från orten.' } }]);
  });

  it('gives a member the other role through the member’s address, and shows a refusal that leaves no signatory', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'Organisationen måste ha minst en firmatecknare. Utse en annan firmatecknare först.';
    const api = await open({ 'POST /organisations/3/members': () => ({ status: 409, data: { message: refusal } }) });
    await click(button('Ändra roll för Bo Berg'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.querySelector<HTMLInputElement>('input[type="radio"]:checked')!.value).toBe('member');
    await typeInto(field('organisation-role-reason'), 'Har bett att slippa teckna.');
    await click(button('Ändra roll', dialog()!));
    await waitFor(() => dialog()!.textContent.includes(refusal), 'the refusal');
    expect(calls(api, 'POST').map((c) => c.body)).toEqual([
      { data: { email: 'bo@skidklubben.se', role: 'member', reason: 'Har bett att slippa teckna.' } },
    ]);
  });

  it('on a phone, lists each member with their actions below', async () => {
    setPhone();
    await open();
    expect(document.querySelector('table')).toBeNull();
    const items = [...document.querySelectorAll('ul[aria-labelledby="organisation-members"] li')];
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Bo Berg', 'Cilla Dahl']);
    expect(button('Ta bort Bo Berg')).toBeDefined();
  });

  it('is on the organisation’s page, below its form, and the menu leads to the requests for access', async () => {
    const organisation = { id: 3, name: 'Överkalix skidklubb', org_number: '802400-1234', type: 1, is_verified: true };
    const answer = (data: unknown) => ({ data: { data }, status: 200, headers: {} });
    const get = vi.fn(async (url: string) => {
      if (url === '/organisations/3/members') return answer(people);
      if (url === '/organisations/3') return answer(organisation);
      return answer({ data: [], total: 0 });
    });
    await mountStaffAdmin('/organisations/3', get as unknown as HttpClient['get'], {
      abilities: [{ name: 'manage-organisations', entity_id: null, entity_type: null }],
    });
    await waitFor(() => pageText().includes('Cilla Dahl'), 'the people on the organisation’s page');
    expect(document.querySelector('h2#organisation-people')?.textContent).toBe('Personer');
    // Its applications and grants: the applications list filtered to the organisation.
    const applications = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Organisationens ansökningar och bidrag');
    expect(decodeURIComponent(applications!.getAttribute('href')!)).toBe('/applications?filter={"organisation_id":3}');
    expect(document.querySelector('a[href="/organisation-access-requests"]')?.textContent).toContain('Åtkomstförfrågningar');
  });
});
