import type { I18nProvider } from 'ra-core';
import { createI18nProviderOf, type AppMessages, type ExtraMessages, type MissingKeyListener } from './i18nCore';

export type { AppMessages, ExtraMessages, MissingKeyListener } from './i18nCore';

/**
 * All of locales/*.json (the admin's, and the tests'), each its own chunk: the portal gives its own part instead
 * (src/portal/messages.ts) and so never downloads the staff texts.
 */
const allMessages: AppMessages = {
  'sv-SE': async () => (await import('../../locales/sv-SE.json')).default,
  'en-US': async () => (await import('../../locales/en-US.json')).default,
};

/** The shared i18nProvider (see i18nCore.ts) over all of locales/*.json, with `extra` messages merged in. */
export function createI18nProvider(extra?: ExtraMessages, options: { onMissingKey?: MissingKeyListener } = {}): Promise<I18nProvider> {
  return createI18nProviderOf(allMessages, extra, options);
}
