import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { http } from '../providers';
import DashboardPage from './DashboardPage';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';

// No testing library in the project: react-dom and act directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const approved = {
  id: 1,
  uuid: 'a-requested',
  reference: '2026-0042',
  status: 40,
  money: 2_500_000,
  approved_money: 2_000_000,
  sent_in_at: '2026-09-01T10:00:00Z',
  updated_at: '2026-09-01T10:00:00Z',
  period: { id: 3, name: 'Höstens bidrag 2026', open: false },
  application_type: 'Projektbidrag',
  unread_messages: 0,
  followup_at: '2026-12-20',
  followup_sent_in_at: null,
};

let container: HTMLElement | null = null;
afterEach(() => {
  unmountPortal();
  vi.restoreAllMocks();
});

async function render(rows: unknown[]) {
  // The applications, and no grants (their summaries have tests of their own).
  vi.spyOn(http, 'get').mockImplementation((url) =>
    Promise.resolve({ data: { data: url === '/portal/grants' ? [] : rows }, status: 200, headers: {} } as never),
  );
  const i18nProvider = await createI18nProvider();
  await i18nProvider.changeLocale('sv-SE');
  container = await mountInPortal(<DashboardPage />, i18nProvider);
  for (let waited = 0; !container.textContent?.includes('2026-00'); waited += 20) {
    if (waited > 5000) throw new Error(`no applications shown: ${container.textContent}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

const followupLinks = () => [...container!.querySelectorAll('a')].filter((a) => a.getAttribute('href')?.startsWith('/followup/'));

describe('the dashboard’s follow-up link', { timeout: 20_000 }, () => {
  it('leads to a follow-up asked for and not yet sent in, with its due date', async () => {
    await render([
      approved,
      { ...approved, id: 2, uuid: 'a-sent', reference: '2026-0043', followup_sent_in_at: '2026-11-01T10:00:00Z' },
      { ...approved, id: 3, uuid: 'a-none', reference: '2026-0044', followup_at: null },
    ]);
    const links = followupLinks();
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/followup/a-requested']);
    expect(links[0].textContent).toBe('Uppföljning · Lämnas senast 20 dec. 2026');
  });
});
