import { afterEach, describe, expect, it } from 'vitest';
import { endpointFor } from '../../../resources/index';
import { pageText, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import type { Work } from '../../providers/staffMethods';
import { fakeApi } from '../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { WorkCard } from './WorkCard';

// The dashboard's "what needs me": each item a link to its list filtered as it was counted, the next meeting, and
// plain words when nothing waits or the read failed.

afterEach(() => unmountAdmin());

async function show(answer: { status: number; data?: unknown }) {
  const api = fakeApi({ 'GET /work': () => answer });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(<WorkCard />, createDataProvider(http, endpointFor));
  await waitFor(() => !document.querySelector('.MuiSkeleton-root'), 'what needs me');
  return api;
}

const work: Work = {
  items: [
    { key: 'unread_messages', count: 3, exact: true, list: 'applications', filter: { unread: true } },
    { key: 'followups_overdue', count: 1000, exact: false, list: 'applications', filter: { followup_overdue_on: '2026-11-30' } },
    { key: 'payouts_to_attest', count: 2, exact: true, list: 'payouts', filter: { status: 20, prepared_by_others: true } },
  ],
  next_meeting: { id: 7, held_on: '2026-12-03', starts_at: '17:30', place: 'Sparbankshuset', period_name: 'Höst 2026', agenda_count: 12 },
};

const links = () =>
  [...document.querySelectorAll('section a')].map((a) => ({ text: a.textContent, href: decodeURIComponent(a.getAttribute('href')!) }));

describe('what needs me', () => {
  it('opens each item’s list filtered as it was counted, says "more than" past a list’s cap, and shows the next meeting', async () => {
    await show({ status: 200, data: { data: work } });
    expect(document.querySelector('h2')!.textContent).toBe('Att göra');
    expect(links()).toEqual([
      { text: 'Olästa meddelanden från sökande3', href: '/applications?filter={"unread":true}' },
      { text: 'Försenade uppföljningarfler än 1000', href: '/applications?filter={"followup_overdue_on":"2026-11-30"}' },
      { text: 'Utbetalningar att attestera2', href: '/payouts?filter={"status":20,"prepared_by_others":true}' },
      { text: 'Nästa styrelsemöte3 dec. 2026 17:30, Sparbankshuset · 12 ärenden på dagordningen', href: '/meetings/7' },
    ]);
  });

  it('says when nothing waits, and when it could not be read', async () => {
    await show({ status: 200, data: { data: { items: [], next_meeting: null } } });
    expect(pageText()).toContain('Inget väntar på dig just nu.');
    expect(links()).toEqual([]);
    unmountAdmin();
    await show({ status: 503, data: { message: 'Tjänsten är inte tillgänglig just nu.' } });
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Det som väntar på dig kunde inte hämtas.');
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Försök igen');
  });
});
