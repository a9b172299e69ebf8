import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, Notification, type AuthProvider, type DataProvider, type UserIdentity } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Ability } from '../../../resources/abilities';
import { endpointFor } from '../../../resources/index';
import { createDataProvider } from '../../providers/dataProvider';
import type { HttpClient } from '../../providers/httpClient';
import { createI18nProvider } from '../../providers/i18nProvider';
import '../../components/testing/dom';
import { StaffAdmin } from '../AdminApp';
import { raMessages } from '../raMessages';

let root: Root | null = null;

/** A session that is always signed in, holding `abilities`, as `identity` when given. */
const signedInWith = (abilities: Ability[], identity?: UserIdentity): AuthProvider => ({
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getPermissions: async () => abilities,
  ...(identity ? { getIdentity: async () => identity } : {}),
});

/**
 * Renders `node` as the admin shows it, in Swedish, over `dataProvider`, at `entry` of a router of its own, with the
 * admin's notifications, signed in with `abilities` (as `identity`) when given; one at a time (unmountAdmin after each
 * test). Imported only by tests.
 */
export async function mountInAdmin(
  node: ReactNode,
  dataProvider: DataProvider,
  entry = '/',
  abilities?: Ability[],
  identity?: UserIdentity,
): Promise<HTMLElement> {
  const i18nProvider = await createI18nProvider(raMessages);
  await i18nProvider.changeLocale('sv-SE');
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <InMemoryRouter entry={entry}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={abilities && signedInWith(abilities, identity)}>
          {node}
          <Notification />
        </AdminContext>
      </InMemoryRouter>,
    );
  });
  return container;
}

/** A data router in memory, as the app's own (AdminApp) is in the browser, at `entry`. */
function InMemoryRouter({ entry, children }: { entry: string; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: children }], { initialEntries: [entry] }));
  return <RouterProvider router={router} />;
}

/**
 * The whole staff app at `path` in `locale`, signed in as an admin holding `abilities`, over the real dataProvider on
 * the HTTP client `get` (and `post`, for what it changes), answering as the API would; `beside` is rendered in the same router. Unmounted by
 * unmountAdmin. Imported only by tests.
 */
export async function mountStaffAdmin(
  path: string,
  get: HttpClient['get'],
  { abilities, locale = 'sv-SE', beside, post }: { abilities: Ability[]; locale?: string; beside?: ReactNode; post?: HttpClient['post'] },
): Promise<void> {
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getIdentity: async () => ({ id: 1, fullName: 'Anna Admin', first_name: 'Anna', last_name: 'Admin', role: 'admin' }),
    getPermissions: async () => abilities,
    canAccess: async () => true,
  };
  const i18nProvider = await createI18nProvider(raMessages);
  await i18nProvider.changeLocale(locale);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <InMemoryRouter entry={path}>
        <StaffAdmin
          i18nProvider={i18nProvider}
          dataProvider={createDataProvider({ get, post } as unknown as HttpClient, endpointFor)}
          authProvider={authProvider}
        />
        {beside}
      </InMemoryRouter>,
    );
  });
}

/** Unmounts what mountInAdmin or mountStaffAdmin rendered and empties the page. */
export function unmountAdmin() {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
}
