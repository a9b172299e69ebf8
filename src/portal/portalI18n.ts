import { createI18nProviderOf } from '../providers/i18nCore';
import { laterMessages, portalMessages } from './messages';

/** The portal's i18nProvider, in the making from the moment the page loads this (main.tsx renders once it is made). */
export const portalI18n = createI18nProviderOf(portalMessages, undefined, { later: laterMessages });

/** A page's code together with the later texts (textParts.ts), for a page that shows them: it renders with them. */
export const withLaterTexts =
  <T>(page: () => Promise<T>) =>
  () =>
    Promise.all([page(), portalI18n.then((i18n) => i18n.loadLater())]).then(([module]) => module);
