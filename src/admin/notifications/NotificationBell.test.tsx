import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { NotificationPage } from '../../providers/staffMethods';
import { NotificationBell } from './NotificationBell';
import { waitFor } from '../../components/testing/dom';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

const text = () => document.body.textContent ?? '';

function Where() {
  const location = useLocation();
  return <output id="where">{location.pathname + location.search}</output>;
}

const page = (unread: number): NotificationPage => ({
  data: [
    {
      id: 7,
      kind: 'applicant_message',
      application: { uuid: 'a-uuid', reference: '2026-0042', applicant_name: 'Maria Nilsson' },
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      read_at: unread ? null : new Date().toISOString(),
    },
    {
      id: 8,
      kind: 'followup_sent_in',
      application: { uuid: 'b-uuid', reference: '2026-0043', applicant_name: 'Olof Berg' },
      created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
      read_at: new Date().toISOString(),
    },
  ],
  total: 2,
  current_page: 1,
  per_page: 50,
  last_page: 1,
  unread,
});

/** The bell over a dataProvider whose notifications are `unread` until one is marked read; the calls are kept. */
async function render(abilities: string[]) {
  const calls: (number | 'all')[] = [];
  let unread = 2;
  const dataProvider = {
    // Answered after the permissions, which decide where a notification leads.
    getNotifications: () => new Promise((resolve) => setTimeout(() => resolve(page(unread)), 50)),
    markNotificationRead: async (id: number) => (calls.push(id), (unread -= 1)),
    markAllNotificationsRead: async () => (calls.push('all'), (unread = 0)),
  } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => abilities.map((name) => ({ name, entity_id: null, entity_type: null })),
  };
  const i18nProvider = await createI18nProvider();
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
          <NotificationBell />
          <Where />
        </AdminContext>
      </MemoryRouter>,
    );
  });
  return calls;
}

const bell = () => document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;

describe('the notification bell', () => {
  it('is named by the unread count; choosing one marks it read and opens its dialogue in the applications list', async () => {
    const calls = await render(['manage-applications']);
    await waitFor(() => bell()?.getAttribute('aria-label') === 'Aviseringar, 2 olästa', 'the count');
    await act(async () => bell().click());
    expect(text()).toContain('Nytt meddelande från Maria Nilsson – 2026-0042');
    expect(text()).toContain('Oläst · för 5 minuter sedan');
    const item = [...document.querySelectorAll('[role="dialog"] [role="button"], [role="dialog"] button')].find((b) =>
      b.textContent?.startsWith('Nytt meddelande'),
    ) as HTMLElement;
    await act(async () => item.click());
    expect(calls).toEqual([7]);
    expect(document.getElementById('where')!.textContent).toBe('/applications?show=a-uuid&tab=dialogue');
    await waitFor(() => bell().getAttribute('aria-label') === 'Aviseringar, 1 oläst', 'one fewer unread');
  });

  it('opens an investigator’s notification in their own investigations', async () => {
    await render(['investigate-applications']);
    await waitFor(() => bell()?.getAttribute('aria-label') === 'Aviseringar, 2 olästa', 'the count');
    await act(async () => bell().click());
    const item = [...document.querySelectorAll('[role="dialog"] [role="button"], [role="dialog"] button')].find((b) =>
      b.textContent?.startsWith('Nytt meddelande'),
    ) as HTMLElement;
    await act(async () => item.click());
    expect(document.getElementById('where')!.textContent).toBe('/investigations?show=a-uuid&tab=dialogue');
  });

  it('opens a follow-up sent in on the application’s follow-up tab', async () => {
    await render(['manage-applications']);
    await waitFor(() => bell()?.getAttribute('aria-label') === 'Aviseringar, 2 olästa', 'the count');
    await act(async () => bell().click());
    const item = [...document.querySelectorAll('[role="dialog"] [role="button"], [role="dialog"] button')].find((b) =>
      b.textContent?.startsWith('Uppföljning inskickad av Olof Berg'),
    ) as HTMLElement;
    await act(async () => item.click());
    expect(document.getElementById('where')!.textContent).toBe('/applications?show=b-uuid&tab=followup');
  });
});
