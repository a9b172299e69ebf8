import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointFor } from '../../../resources/index';
import { pageText, typeInto, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import type { AccessRequest } from '../../providers/staffMethods';
import { fakeApi, type Recorded } from '../../providers/testServer';
import { allowedMenuEntries } from '../features';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';
import AccessRequestsPage from './AccessRequestsPage';

// The requests for access to an organisation nobody is left in: those waiting first, granted (a comment if given) or
// refused (with the reason), confirmed, and the list read again after.

afterEach(() => {
  unmountAdmin();
  unsetPhone();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ status: 200, data: { data } });
const waiting: AccessRequest = {
  id: 4,
  organisation_id: 3,
  organisation_name: 'Överkalix skidklubb',
  org_number: '802400-1234',
  frontend_user_id: 41,
  name: 'Dan Ek',
  email: 'dan@example.se',
  reason: 'Ny ordförande sedan årsmötet i mars.',
  file: { name: 'årsmötesprotokoll.pdf', size: 120_000 },
  status: 'pending',
  created_at: '2026-04-02T09:00:00Z',
  decided_at: null,
  decided_by: null,
  decision_reason: null,
};
const granted: AccessRequest = {
  ...waiting,
  id: 2,
  organisation_id: 8,
  organisation_name: 'Kalix hembygdsförening',
  org_number: '897600-5678',
  name: null,
  email: 'eva@example.se',
  file: null,
  status: 'granted',
  decided_at: '2026-03-01T10:00:00Z',
  decided_by: 'Anna Admin',
  decision_reason: 'Protokollet visar att hon är vald.',
};

type Handler = (request: Recorded) => { status: number; data?: unknown };

async function open(rows: AccessRequest[], routes: Record<string, Handler> = {}) {
  const api = fakeApi({ 'GET /organisation-access-requests': () => ok(rows), ...routes });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(
    <AccessRequestsPage />,
    createDataProvider(http, endpointFor),
    '/organisation-access-requests',
    [{ name: 'manage-organisations', entity_id: null, entity_type: null }],
    { id: 1, fullName: 'Anna Admin' },
  );
  await waitFor(() => api.calls.length > 0 && !document.querySelector('[role="progressbar"]'), 'the requests');
  return api;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name);
const click = (element: HTMLElement) => act(async () => element.click());
const field = (id: string) => document.getElementById(id) as HTMLTextAreaElement;
const helperOf = (id: string) => document.getElementById(field(id).getAttribute('aria-describedby')!.split(' ')[0])?.textContent;
const posts = (api: { calls: Recorded[] }) => api.calls.filter((c) => c.method === 'POST');
const reads = (api: { calls: Recorded[] }) => api.calls.filter((c) => c.method === 'GET').length;

describe('the requests for access to organisations', { timeout: 20_000 }, () => {
  it('are in the menu of those who manage the register of organisations alone', () => {
    const entry = (name: string) =>
      allowedMenuEntries([{ name, entity_id: null, entity_type: null }]).find((e) => e.to === '/organisation-access-requests');
    expect(entry('manage-organisations')?.label).toBe('app.menu.access_requests');
    expect(entry('manage-applications')).toBeUndefined();
  });

  it('lists each request, those waiting first, with its organisation’s page a click away; a decided one has no actions', async () => {
    await open([waiting, granted]);
    const rows = [...document.querySelectorAll('tbody tr')];
    expect(rows.map((tr) => tr.querySelector('td')!.textContent)).toEqual([
      'Överkalix skidklubb802400-1234',
      'Kalix hembygdsförening897600-5678',
    ]);
    expect(rows[0].querySelector('a')!.getAttribute('href')).toBe('/organisations/3');
    expect(rows[0].textContent).toContain('Dan Ek');
    expect(rows[0].textContent).toContain('Ny ordförande sedan årsmötet i mars.');
    // The minutes attached to the reason, a download away.
    expect([...rows[0].querySelectorAll('button')].map((b) => b.textContent)).toContain('Bifogad fil: årsmötesprotokoll.pdf');
    expect(rows[0].textContent).toContain('Väntar');
    expect(rows[1].textContent).toContain('eva@example.se');
    expect(rows[1].textContent).toContain('Beviljad');
    expect(rows[1].textContent).toContain('av Anna Admin');
    expect(rows[1].textContent).toContain('Kommentar: Protokollet visar att hon är vald.');
    expect(rows[1].querySelectorAll('button')).toHaveLength(0);
  });

  it('says so when nobody has asked', async () => {
    await open([]);
    expect(pageText()).toContain('Det finns inga förfrågningar om åtkomst.');
  });

  it('grants a request without a comment once confirmed, says so and reads the list again', async () => {
    const api = await open([waiting], { 'POST /organisation-access-requests/4/grant': () => ({ status: 204 }) });
    await click(button('Bevilja förfrågan från Dan Ek om Överkalix skidklubb')!);
    await waitFor(() => !!dialog(), 'the confirmation');
    expect(dialog()!.textContent).toContain('Bevilja åtkomst till Överkalix skidklubb?');
    expect(dialog()!.textContent).toContain('Dan Ek (dan@example.se) blir firmatecknare för Överkalix skidklubb');
    expect(posts(api)).toEqual([]);
    const before = reads(api);
    await click(button('Bevilja', dialog()!)!);
    await waitFor(() => pageText().includes('Förfrågan är beviljad.'), 'the notice');
    expect(posts(api).map((c) => [c.url, c.body])).toEqual([['/organisation-access-requests/4/grant', { data: {} }]]);
    await waitFor(() => !dialog() && reads(api) > before, 'the dialog closed and the list read again');
  });

  it('grants with a comment when one is given', async () => {
    const api = await open([waiting], { 'POST /organisation-access-requests/4/grant': () => ({ status: 204 }) });
    await click(button('Bevilja förfrågan från Dan Ek om Överkalix skidklubb')!);
    await waitFor(() => !!dialog(), 'the confirmation');
    await typeInto(field('access-grant-reason'), 'Protokollet bifogat.');
    await click(button('Bevilja', dialog()!)!);
    await waitFor(() => posts(api).length === 1, 'the grant');
    expect(posts(api)[0].body).toEqual({ data: { reason: 'Protokollet bifogat.' } });
  });

  it('refuses only with a reason, then says so and reads the list again', async () => {
    const api = await open([waiting], { 'POST /organisation-access-requests/4/refuse': () => ({ status: 204 }) });
    await click(button('Avslå förfrågan från Dan Ek om Överkalix skidklubb')!);
    await waitFor(() => !!dialog(), 'the confirmation');
    expect(dialog()!.textContent).toContain('Avslå förfrågan om åtkomst till Överkalix skidklubb?');

    await click(button('Avslå', dialog()!)!);
    await waitFor(() => helperOf('access-refuse-reason') === 'Skriv varför förfrågan avslås.', 'the reason’s error');
    expect(field('access-refuse-reason').getAttribute('aria-invalid')).toBe('true');
    expect(posts(api)).toEqual([]);

    const before = reads(api);
    await typeInto(field('access-refuse-reason'), '  Personen finns inte i styrelsens protokoll.  ');
    await click(button('Avslå', dialog()!)!);
    await waitFor(() => pageText().includes('Förfrågan är avslagen.'), 'the notice');
    expect(posts(api).map((c) => [c.url, c.body])).toEqual([
      ['/organisation-access-requests/4/refuse', { data: { reason: 'Personen finns inte i styrelsens protokoll.' } }],
    ]);
    await waitFor(() => !dialog() && reads(api) > before, 'the dialog closed and the list read again');
  });

  it('says so when a colleague decided first, and reads the list again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = await open([waiting], {
      'POST /organisation-access-requests/4/grant': () => ({ status: 409, data: { message: 'Begäran är redan besvarad.' } }),
    });
    await click(button('Bevilja förfrågan från Dan Ek om Överkalix skidklubb')!);
    await waitFor(() => !!dialog(), 'the confirmation');
    const before = reads(api);
    await click(button('Bevilja', dialog()!)!);
    await waitFor(() => dialog()!.textContent.includes('Begäran är redan besvarad.'), 'the refusal');
    await waitFor(() => reads(api) > before, 'the list read again');
  });

  it('on a phone, lists each request with its actions below', async () => {
    setPhone();
    await open([waiting, granted]);
    expect(document.querySelector('table')).toBeNull();
    expect(document.querySelectorAll('ul[aria-label="Åtkomstförfrågningar"] > li')).toHaveLength(2);
    expect(button('Avslå förfrågan från Dan Ek om Överkalix skidklubb')).toBeDefined();
  });
});
