import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AuthProvider, DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { abilityNames } from '../../resources/abilities';
import { resourceList } from '../../resources/index';
import { locales, type Locale } from '../../resources/locales';
import { createI18nProvider } from '../providers/i18nProvider';
import { StaffAdmin } from './AdminApp';
import { raMessages } from './raMessages';
import { setPhone, unsetPhone } from './testing/phone';

// No testing library in the project: react-dom and act directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every admin list: the applications screens and each generated settings list. */
const lists = [
  '/applications',
  '/decision',
  '/investigations',
  '/decisioning/0b9c6d1e-7a51-4c39-9d1e-3f2a5b6c7d8e/Period',
  ...resourceList.map((r) => `/${r.name}`),
];

/** A database with nothing in it: every list answers no rows. */
const noRows: DataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  getOne: () => Promise.reject(new Error('no records')),
  create: () => Promise.reject(new Error('read only')),
  update: () => Promise.reject(new Error('read only')),
  updateMany: () => Promise.reject(new Error('read only')),
  delete: () => Promise.reject(new Error('read only')),
  deleteMany: () => Promise.reject(new Error('read only')),
};

/** A signed-in administrator holding every ability. */
const admin: AuthProvider = {
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getIdentity: async () => ({ id: 1, fullName: 'Anna Admin', first_name: 'Anna', last_name: 'Admin', role: 'admin' }),
  getPermissions: async () => abilityNames.map((name) => ({ name, entity_id: null, entity_type: null })),
  canAccess: async () => true,
};

/** react-admin's own texts as the admin loads them (src/admin/main.tsx). */

let root: Root | null = null;
let container: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  localStorage.clear();
  unsetPhone();
});

async function waitFor(condition: () => boolean, what: () => string) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what()}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/**
 * Renders one list with no rows and answers what it shows and which texts it looked up without having them. A key
 * looked up with a default is missing too when it is a resource's name or field: react-admin's default is then the
 * resource's code name ("Inga Investigations hittades"). Its other lookups with a default (resources.x.empty …) are
 * optional overrides of its general texts.
 */
async function renderEmpty(path: string, locale: Locale, phone: boolean) {
  if (phone) setPhone();
  else unsetPhone();
  const missing = new Set<string>();
  const i18nProvider = await createI18nProvider(raMessages, {
    onMissingKey: (key, _locale, options) => {
      if (options._ === undefined || /^resources\.[^.]+\.(name|fields\.)/.test(key)) missing.add(key);
    },
  });
  await i18nProvider.changeLocale(locale);
  const nothingFound = new RegExp(
    `${i18nProvider.translate('ra.navigation.no_results', { name: '.+' })}|${i18nProvider.translate('ra.page.empty', { name: '.+' })}`.replace(
      /\./g,
      '.',
    ),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={[path]}>
        <StaffAdmin i18nProvider={i18nProvider} dataProvider={noRows} authProvider={admin} />
      </MemoryRouter>,
    );
  });
  await waitFor(
    () => nothingFound.test(container!.textContent ?? ''),
    () => `"${nothingFound}" on ${path}: ${container!.textContent}`,
  );
  return { text: container.textContent ?? '', missing: [...missing] };
}

describe('every admin list, empty, speaks the chosen language', () => {
  for (const locale of locales) {
    for (const phone of [false, true]) {
      it(`${locale} on a ${phone ? 'phone' : 'screen'}: no missing translation, no key or code name shown`, async () => {
        const problems: string[] = [];
        for (const path of lists) {
          const { text, missing } = await renderEmpty(path, locale, phone);
          for (const key of missing) problems.push(`${path}: missing ${key}`);
          // A key shown as text, e.g. "app.applications.presets.unread".
          for (const key of text.match(/\b(app|ra|resources|enums|validation|attributes)\.[a-z_-]+\.[\w.-]+/g) ?? [])
            problems.push(`${path}: shows ${key}`);
          act(() => root!.unmount());
          root = null;
          container!.remove();
        }
        expect(problems).toEqual([]);
      }, 60_000);
    }
  }
});
