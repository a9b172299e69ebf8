import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import '../../components/testing/dom';
import { raMessages } from '../raMessages';

let root: Root | null = null;

/**
 * Renders `node` as the admin shows it, in Swedish, over `dataProvider`, at `entry` of a router of its own, with the
 * admin's notifications; one at a time (unmountAdmin after each test). Imported only by tests.
 */
export async function mountInAdmin(node: ReactNode, dataProvider: DataProvider, entry = '/'): Promise<HTMLElement> {
  const i18nProvider = await createI18nProvider(raMessages);
  await i18nProvider.changeLocale('sv-SE');
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={[entry]}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          {node}
          <Notification />
        </AdminContext>
      </MemoryRouter>,
    );
  });
  return container;
}

/** Unmounts what mountInAdmin rendered and empties the page. */
export function unmountAdmin() {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
}
