import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { I18nProvider } from 'ra-core';
import type { Locale } from '../../resources/locales';

interface I18n {
  t: (key: string, params?: Record<string, unknown>) => string;
  locale: Locale;
  changeLocale: (locale: Locale) => Promise<void>;
}

const Context = createContext<I18n | null>(null);

/** The portal's access to the shared i18nProvider, without react-admin's runtime. */
export function I18nContext({ provider, children }: { provider: I18nProvider; children: ReactNode }) {
  const [locale, setLocale] = useState(provider.getLocale() as Locale);
  const changeLocale = useCallback(
    async (next: Locale) => {
      await provider.changeLocale(next);
      setLocale(next);
    },
    [provider],
  );
  // A new t on each language change, so every page re-renders in the new language.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but t must change with it (see above)
  const t = useCallback((key: string, params?: Record<string, unknown>) => provider.translate(key, params), [provider, locale]);
  const value = useMemo(() => ({ t, locale, changeLocale }), [t, locale, changeLocale]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(Context);
  if (!value) throw new Error('useI18n outside I18nContext');
  return value;
}
