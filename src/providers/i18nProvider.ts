import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import svSE from '../../locales/sv-SE.json';
import { locales, type Locale } from '../../resources/locales';
import { getLocale, setLocale } from './locale';

type Messages = TranslationMessages;
/** Extra messages per locale, e.g. react-admin's own for the admin; loaded only where needed. */
export type ExtraMessages = Record<Locale, () => Promise<Messages>>;

const appMessages: Record<Locale, () => Promise<Messages>> = {
  'sv-SE': async () => svSE as unknown as Messages,
  'en-US': async () => (await import('../../locales/en-US.json')).default as unknown as Messages,
};

const names: Record<Locale, string> = { 'sv-SE': 'Svenska', 'en-US': 'English' };

/**
 * The shared i18nProvider: sv-SE default and fallback, en-US, the choice persisted. The messages of the starting
 * language are loaded before the app renders (polyglot needs them synchronously); the other language on switching.
 */
export async function createI18nProvider(extra?: ExtraMessages): Promise<I18nProvider> {
  const loaded = new Map<Locale, Messages>();
  const load = async (locale: Locale) => {
    if (!loaded.has(locale)) {
      const [own, more] = await Promise.all([appMessages[locale](), extra?.[locale]() ?? ({} as Messages)]);
      // Our texts win, key by key: locales/*.json may override single react-admin texts under ra.*.
      loaded.set(locale, deepMerge(more, own));
    }
    return loaded.get(locale)!;
  };
  const initial = getLocale();
  await Promise.all([load(initial), load('sv-SE')]);
  setLocale(initial);

  const provider = polyglotI18nProvider(
    (locale) => loaded.get(locale as Locale) ?? load(locale as Locale),
    initial,
    locales.map((locale) => ({ locale, name: names[locale] })),
    {
      allowMissing: true,
      // A key missing in en-US shows its Swedish text rather than the key.
      onMissingKey: (key: string, options: Record<string, unknown>) => translateFrom(loaded.get('sv-SE')!, key, options),
    },
  );
  return {
    ...provider,
    changeLocale: async (locale: string) => {
      await provider.changeLocale(locale);
      setLocale(locale as Locale);
    },
  };
}

function translateFrom(messages: Messages, key: string, options: Record<string, unknown>): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof value !== 'string') return typeof options?._ === 'string' ? options._ : key;
  return value.replace(/%\{(\w+)\}/g, (_, name) => String(options?.[name] ?? ''));
}

function deepMerge(base: Messages, over: Messages): Messages {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && current && typeof current === 'object' ? deepMerge(current as Messages, value as Messages) : value;
  }
  return result as Messages;
}
