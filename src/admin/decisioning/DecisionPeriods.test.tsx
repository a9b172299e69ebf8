import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { DashboardData, DecisionPeriod } from '../../providers/staffMethods';
import { pageText, waitFor } from '../../components/testing/dom';
import { Menu } from '../layout/Menu';
import { Dashboard } from '../pages/Dashboard';
import { raMessages } from '../raMessages';
import { DecisionPeriodsPage } from './DecisionPeriodsPage';

// Deciding happens once a period has closed: the dashboard and the menu lead to every period the user may decide on.

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const closed: DecisionPeriod = {
  id: 1,
  uuid: '0b9c6d1e-7a51-4c39-9d1e-3f2a5b6c7d81',
  name: 'Ansökningsomgång 2025',
  start_date: '2025-02-01',
  end_date: '2025-04-30',
  state: 'closed',
};
const open: DecisionPeriod = {
  id: 2,
  uuid: '0b9c6d1e-7a51-4c39-9d1e-3f2a5b6c7d82',
  name: 'Ansökningsomgång 2026',
  start_date: '2026-10-01',
  end_date: '2027-01-31',
  state: 'open',
};

/** Where the router is, to see where a link led. */
function Where() {
  return <output id="where">{useLocation().pathname}</output>;
}

/** `node` in the admin's context, in Swedish, for a user holding `abilities`, over the periods given. */
async function render(node: ReactNode, abilities: Ability[], periods: DecisionPeriod[] | null) {
  const dashboard: DashboardData = {
    open_periods: [{ id: open.id, uuid: open.uuid, name: open.name, start_date: open.start_date, end_date: open.end_date }],
    application_counts: null,
    decision_periods: periods,
    backup: null,
  };
  const dataProvider = {
    getDashboard: async () => dashboard,
    getDecisionPeriods: async () => periods ?? [],
    getEnums: async () => ({ application_status: [] }),
  } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getIdentity: async () => ({ id: 2, fullName: 'Erik Johansson', first_name: 'Erik', role: 'utredare' }),
    getPermissions: async () => abilities,
  };
  const i18nProvider = await createI18nProvider(raMessages);
  await i18nProvider.changeLocale('sv-SE');
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/" element={node} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </AdminContext>
      </MemoryRouter>,
    );
  });
}

const investigator = (periodIds: number[]): Ability[] =>
  periodIds.map((id) => ({ name: 'investigate-applications', entity_id: id, entity_type: 'periods' }));
const links = () => [...document.querySelectorAll('a')];
const where = () => document.getElementById('where')!.textContent;

describe('the periods to decide on', () => {
  it('are on the dashboard, the closed one first, each leading to its decisioning list', async () => {
    await render(<Dashboard />, investigator([1, 2]), [closed, open]);
    await waitFor(() => pageText().includes('Ansökningsomgång 2025'), 'the closed period');
    const section = document.querySelector('section[aria-labelledby="decision-periods"]')!;
    expect(section.querySelector('h2')!.textContent).toBe('Beslutsunderlag per period');
    const items = [...section.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toContain('Ansökningsomgång 2025');
    expect(items[0]).toContain('Stängd');
    expect(items[1]).toContain('Ansökningsomgång 2026');
    expect(items[1]).toContain('Öppen');
    const toClosed = [...section.querySelectorAll('a')][0];
    expect(toClosed.textContent).toBe('Ansökningarna i perioden');
    // The link's name is the same for each; the period's name describes it.
    expect(document.getElementById(toClosed.getAttribute('aria-describedby')!)!.textContent).toBe('Ansökningsomgång 2025');
    await act(async () => toClosed.click());
    expect(where()).toBe(`/decisioning/${closed.uuid}/${encodeURIComponent(closed.name)}`);
  });

  it('say so on the dashboard when there is none, and are not there for a user who may decide none', async () => {
    await render(<Dashboard />, investigator([1]), []);
    await waitFor(() => pageText().includes('Det finns ingen period som du kan fatta beslut i.'), 'the empty state');
    act(() => root?.unmount());
    document.body.innerHTML = '';

    await render(<Dashboard />, [{ name: 'manage-users', entity_id: null, entity_type: null }], null);
    await waitFor(() => pageText().includes('Öppna ansökningsperioder'), 'the dashboard');
    await waitFor(() => pageText().includes('Ansökningsomgång 2026'), 'the open periods');
    expect(document.querySelector('section[aria-labelledby="decision-periods"]')).toBeNull();
    expect(pageText()).not.toContain('Beslutsunderlag');
  });

  it('have a menu entry for those who may decide on some period, leading to the list of them', async () => {
    await render(<Menu />, investigator([1]), [closed]);
    await waitFor(() => links().some((a) => a.textContent === 'Beslutsunderlag'), 'the menu entry');
    const entry = links().find((a) => a.textContent === 'Beslutsunderlag')!;
    expect(entry.getAttribute('href')).toBe('/decisioning');
    act(() => root?.unmount());
    document.body.innerHTML = '';

    await render(<Menu />, [{ name: 'manage-users', entity_id: null, entity_type: null }], null);
    await waitFor(() => links().some((a) => a.textContent === 'Översikt'), 'the menu');
    expect(links().map((a) => a.textContent)).not.toContain('Beslutsunderlag');
  });

  it('are listed on their own page, closed ones too', async () => {
    await render(<DecisionPeriodsPage />, investigator([1, 2]), [closed, open]);
    await waitFor(() => pageText().includes('Ansökningsomgång 2025'), 'the periods');
    expect(pageText()).toContain('De stängda perioderna, där besluten fattas, står först.');
    expect(links().map((a) => a.getAttribute('href'))).toEqual([
      `/decisioning/${closed.uuid}/${encodeURIComponent(closed.name)}`,
      `/decisioning/${open.uuid}/${encodeURIComponent(open.name)}`,
    ]);
  });
});
