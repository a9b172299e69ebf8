import type { I18nProvider, StringMap } from 'ra-core';
import { locales, type Locale } from '../../resources/locales';
import { getLocale, setLocale } from './locale';
import { flatten, placeholderText, translate, type TranslateOptions } from './translate';

/** Texts by nested keys: ours (which override a few of react-admin's) and react-admin's own. */
export type Messages = StringMap;
/** Extra messages per locale, e.g. react-admin's own for the admin; loaded only where needed. */
export type ExtraMessages = Record<Locale, () => Promise<Messages>>;
/** Told of every key the chosen language has no text for, whether or not the caller gave a default (`_`). */
export type MissingKeyListener = (key: string, locale: Locale, options: TranslateOptions) => void;

/** An app's own texts per locale, the starting language's loaded before the app renders. */
export type AppMessages = Record<Locale, () => Promise<Messages>>;

/** The shared i18nProvider; `loadLater` adds the texts given as `later` (see createI18nProviderOf). */
export type LaterI18nProvider = I18nProvider & { loadLater: () => Promise<void> };

const names: Record<Locale, string> = { 'sv-SE': 'Svenska', 'en-US': 'English' };

/**
 * The shared i18nProvider over an app's own texts (all of locales/*.json for the admin, see i18nProvider.ts; the
 * portal's part, see src/portal/messages.ts): sv-SE default and fallback, en-US, the choice persisted. The messages
 * of the starting language are loaded before the app renders (translate is synchronous); the other language on
 * switching. Texts given as `later` (what only some pages show) load when `loadLater` is first called, and from
 * then on with each language. Polyglot's rules (see translate.ts), without react-admin's polyglot provider, so the
 * portal needs neither.
 */
export async function createI18nProviderOf(
  appMessages: AppMessages,
  extra?: ExtraMessages,
  { onMissingKey, later }: { onMissingKey?: MissingKeyListener; later?: AppMessages } = {},
): Promise<LaterI18nProvider> {
  // Each part of each language is fetched once, however many loads ask for it at the same time.
  const fetched = new Map<string, Promise<Messages>>();
  const once = (key: string, fetch: () => Promise<Messages>) => {
    if (!fetched.has(key)) fetched.set(key, fetch());
    return fetched.get(key)!;
  };
  let withLater = false;
  let loadingLater: Promise<void> | undefined;
  const loaded = new Map<Locale, Messages>();
  const load = async (locale: Locale) => {
    const [own, more, after] = await Promise.all([
      once(`${locale}:own`, appMessages[locale]),
      once(`${locale}:extra`, async () => extra?.[locale]() ?? {}),
      withLater && later ? once(`${locale}:later`, later[locale]) : {},
    ]);
    // Our texts win, key by key: locales/*.json may override single react-admin texts under ra.*.
    loaded.set(locale, deepMerge(deepMerge(more, own), after));
    return loaded.get(locale)!;
  };
  let current = getLocale();
  await Promise.all([load(current), load('sv-SE')]);
  setLocale(current);
  let phrases = flatten(loaded.get(current)!);
  // A key missing in en-US shows its Swedish text rather than the key.
  const fallback = (key: string, options: TranslateOptions) => translateFrom(loaded.get('sv-SE')!, key, options);

  return {
    translate: (key: string, options: TranslateOptions = {}) => {
      if (onMissingKey && !Object.hasOwn(phrases, key)) onMissingKey(key, current, options ?? {});
      return translate(phrases, key, options ?? {}, fallback);
    },
    changeLocale: async (locale: string) => {
      const messages = await load(locale as Locale);
      current = locale as Locale;
      phrases = flatten(messages);
      setLocale(current);
    },
    getLocale: () => current,
    getLocales: () => locales.map((locale) => ({ locale, name: names[locale] })),
    loadLater: () =>
      (loadingLater ??= (async () => {
        withLater = true;
        await Promise.all([load(current), load('sv-SE')]);
        phrases = flatten(loaded.get(current)!);
      })()),
  };
}

function translateFrom(messages: Messages, key: string, options: Record<string, unknown>): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof value !== 'string') return typeof options?._ === 'string' ? options._ : key;
  return value.replace(/%\{(\w+)\}/g, (_, name: string) => placeholderText(options?.[name] ?? ''));
}

function deepMerge(base: Messages, over: Messages): Messages {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && current && typeof current === 'object' ? deepMerge(current as Messages, value) : value;
  }
  return result as Messages;
}
