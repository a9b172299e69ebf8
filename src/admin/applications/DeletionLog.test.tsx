import { act } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { enums } from '../../../resources/enums';
import { pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import type { HttpClient } from '../../providers/httpClient';
import type { ApplicationDeletion } from '../../providers/staffMethods';
import { setPhone, unsetPhone } from '../testing/phone';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';

// The log of deleted applications: reached from the applications list, read only, sorted, searched and paged by the
// server, in Stockholm time and the user's language, as a table on a screen and a list on a phone.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
  unsetPhone();
});

/** A log entry in the spring period; what went with the application is nothing unless said. */
const entry = (
  fields: Pick<ApplicationDeletion, 'id' | 'reference' | 'application_uuid' | 'deleted_at' | 'status' | 'deleted_by'> &
    Partial<ApplicationDeletion>,
): ApplicationDeletion => ({
  period: { id: 3, name: 'Vårens bidrag 2026' },
  files: 0,
  messages: 0,
  followup: false,
  ...fields,
});
const entries: ApplicationDeletion[] = [
  entry({
    id: 2,
    reference: '2026-0042',
    application_uuid: 'a-42',
    // Summer time: 00:30 the next day in Stockholm.
    deleted_at: '2026-06-15T22:30:00Z',
    status: enums.application_status.rejected,
    files: 3,
    messages: 1,
    followup: true,
    deleted_by: { id: 1, name: 'Anna Admin' },
  }),
  entry({
    id: 1,
    reference: '2026-0007',
    application_uuid: 'a-7',
    deleted_at: '2026-03-04T09:00:00Z',
    status: enums.application_status.received,
    deleted_by: { id: 4, name: 'Erik Johansson' },
  }),
];

const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });
const manager: Ability[] = [{ name: 'manage-applications', entity_id: null, entity_type: null }];

/** Where the router is. */
function Where() {
  return <output id="where">{useLocation().pathname}</output>;
}
const where = () => document.getElementById('where')!.textContent;

/**
 * The admin at `path` for a user holding `abilities`, over the real dataProvider on an HTTP client whose log holds
 * `total` entries (`entries` on every page); answers the log's requests' parameters.
 */
async function render(path: string, { total = 2, abilities = manager, locale = 'sv-SE' } = {}) {
  const requests: Record<string, unknown>[] = [];
  const get = vi.fn(async (url: string, options?: { params?: Record<string, unknown> }) => {
    if (url === '/applications/deletions') {
      requests.push(options?.params ?? {});
      return ok({ data: total ? entries : [], total });
    }
    if (url === '/periods') return ok({ data: [{ id: 3, name: 'Vårens bidrag 2026' }], total: 1 });
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], { abilities, locale, beside: <Where /> });
  return requests;
}

const rows = () => [...document.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const sortButton = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('thead [role="button"]')].find((b) => b.textContent?.startsWith(name))!;

describe('the log of deleted applications', () => {
  it('is reached from the applications list and shows who deleted what, newest first, in Stockholm time', async () => {
    const requests = await render('/applications');
    await waitFor(() => !!document.querySelector('a[aria-label="Raderade ansökningar"]'), 'the link beside the export');
    await act(async () => document.querySelector<HTMLAnchorElement>('a[aria-label="Raderade ansökningar"]')!.click());
    await waitFor(() => rows().length === 2, 'the log');
    expect(where()).toBe('/applications/deletions');
    expect(document.title).toContain('Raderade ansökningar');
    expect(requests[0]).toEqual({ page: 1, per_page: 50, sort: 'deleted_at', direction: 'desc' });
    expect(headers()).toEqual([
      'Raderad',
      'Referens',
      'Period',
      'Status när den raderades',
      'Filer',
      'Meddelanden',
      'Uppföljning',
      'Raderad av',
    ]);
    const clean = (cells: (string | null)[]) => cells.map((cell) => cell?.replace(/[\u00a0\u202f]/g, ' '));
    expect(clean(rows()[0])).toEqual(['16 juni 2026 00:30', '2026-0042', 'Vårens bidrag 2026', 'Avslagen', '3', '1', 'Ja', 'Anna Admin']);
    expect(clean(rows()[1])).toEqual([
      '4 mars 2026 10:00',
      '2026-0007',
      'Vårens bidrag 2026',
      'Obehandlad',
      '0',
      '0',
      'Nej',
      'Erik Johansson',
    ]);
    // Read only: no row leads anywhere, and there is nothing to select.
    expect(document.querySelector('tbody a, tbody input')).toBeNull();
    // The applications list loads first, then the log, each the first time.
  }, 20_000);

  it('is sorted by the time or the reference, searched in the references and paged by the server', async () => {
    const requests = await render('/applications/deletions', { total: 120 });
    await waitFor(() => rows().length === 2, 'the log');
    // Only the time and the reference sort; the sort labels are buttons, reached with the keyboard.
    expect([...document.querySelectorAll('thead [role="button"]')].map((b) => b.textContent)).toEqual(['Raderad', 'Referens']);
    expect(sortButton('Referens').tabIndex).toBe(0);

    await act(async () => sortButton('Referens').click());
    await waitFor(() => requests.at(-1)!.sort === 'reference', 'the sort by reference');
    expect(requests.at(-1)).toMatchObject({ sort: 'reference', direction: 'asc', page: 1 });
    await act(async () => sortButton('Referens').click());
    await waitFor(() => requests.at(-1)!.direction === 'desc', 'the reverse order');

    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="Gå till nästa sida"]')!.click());
    await waitFor(() => requests.at(-1)!.page === 2, 'the next page');
    expect(text()).toContain('51–100 av 120');

    await typeInto(document.querySelector<HTMLInputElement>('input[type="text"]')!, 'åre');
    await waitFor(() => requests.at(-1)!.search === 'åre', 'the search');
    expect(requests.at(-1)).toMatchObject({ search: 'åre', page: 1, per_page: 50 });
  });

  it('says when nothing has been deleted, in the chosen language', async () => {
    await render('/applications/deletions', { total: 0 });
    await waitFor(() => text().includes('Inga ansökningar har raderats.'), 'the empty state');
    expect(document.querySelector('table')).toBeNull();
    unmountAdmin();

    await render('/applications/deletions', { total: 0, locale: 'en-US' });
    await waitFor(() => text().includes('No applications have been deleted.'), 'the empty state in English');
  });

  it('is a list on a phone, with every column in words', async () => {
    setPhone();
    await render('/applications/deletions');
    await waitFor(() => document.querySelectorAll('li').length > 0 && text().includes('2026-0042'), 'the list');
    expect(document.querySelector('table')).toBeNull();
    const item = [...document.querySelectorAll('li')].find((li) => li.textContent?.includes('2026-0042'))!;
    const said = item.textContent.replace(/[\u00a0\u202f]/g, ' ');
    for (const part of [
      '2026-0042 · Avslagen',
      '16 juni 2026 00:30 · raderad av Anna Admin',
      'Vårens bidrag 2026',
      '3 filer · 1 meddelande · med uppföljning',
    ])
      expect(said).toContain(part);
    expect(item.querySelector('a')).toBeNull();
  });

  it('is for those who manage applications', async () => {
    await render('/applications/deletions', { abilities: [{ name: 'investigate-applications', entity_id: null, entity_type: null }] });
    await waitFor(() => where() === '/403', 'the refusal');
  });
});
