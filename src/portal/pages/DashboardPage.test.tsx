import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { http } from '../providers';
import DashboardPage from './DashboardPage';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { pageText as text, waitFor } from '../../components/testing/dom';

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
  organisation: null,
};

let container: HTMLElement | null = null;
afterEach(() => {
  unmountPortal();
  vi.restoreAllMocks();
});

async function render(rows: unknown[], { organisations = [] as unknown[], grants = [] as unknown[] } = {}) {
  // The applications, the reader's organisations, and no grants unless given (their summaries have tests of their own).
  vi.spyOn(http, 'get').mockImplementation((url) =>
    Promise.resolve({
      data: { data: url === '/portal/grants' ? grants : url === '/portal/organisations/mine' ? organisations : rows },
      status: 200,
      headers: {},
    } as never),
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

const grant = (uuid: string) => ({
  uuid,
  reference: '2026-0042',
  accepted: false,
  due_instalments: 0,
  totals: { approved: 2_000_000, paid: 0, requested: 0, due: 0, waiting: 2_000_000, lapsed: 0, to_pay_back: 0 },
});
const norrbygden = { id: 7, name: 'Föreningen Norrbygden', org_number: '802415-3978', role: 'member', member_id: 12, members: 3 };
const grantLink = (uuid: string) => [...container!.querySelectorAll('a')].find((a) => a.getAttribute('href') === `/bidrag/${uuid}`);

describe('the dashboard’s organisations', { timeout: 20_000 }, () => {
  it('names the organisation an application belongs to, and lists the reader’s organisations with role and people', async () => {
    await render(
      [
        { ...approved, organisation: { id: 7, name: 'Föreningen Norrbygden' } },
        { ...approved, id: 2, uuid: 'a-own', reference: '2026-0043' },
      ],
      {
        organisations: [norrbygden, { ...norrbygden, id: 8, name: 'IK Norrbyn', org_number: '802400-1234', role: 'signatory', members: 1 }],
        grants: [grant('a-requested'), grant('a-own')],
      },
    );
    await waitFor(() => text().includes('Mina organisationer'), 'the organisations');
    const [theirs, own] = [...container!.querySelectorAll('article')];
    expect(theirs.querySelector('.MuiChip-outlined')!.textContent).toBe('Organisation: Föreningen Norrbygden');
    expect(own.textContent).not.toContain('Organisation:');

    const section = [...container!.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Mina organisationer')!;
    expect([...section.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Föreningen NorrbygdenOrganisationsnummer 802415-3978Medlem · 3 personer',
      'IK NorrbynOrganisationsnummer 802400-1234Firmatecknare · 1 person',
    ]);
    expect([...section.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/organisationer/7', '/organisationer/8']);

    // A member who does not sign for the organisation is not asked to accept its grant's conditions; the applicant of
    // their own application is.
    expect(grantLink('a-requested')!.textContent).toBe('Visa bidraget');
    expect(grantLink('a-own')!.textContent).toBe('Godkänn villkoren för bidraget');
  });

  it('shows no organisations where the reader has none', async () => {
    await render([approved]);
    expect(text()).not.toContain('Mina organisationer');
    expect(container!.querySelector('article .MuiChip-outlined')).toBeNull();
  });
});
