import { defaultLocale, isLocale, type Locale } from '../../resources/locales';

const STORAGE_KEY = 'locale';

function stored(): Locale {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

let current: Locale = stored();

/** The chosen interface language, sent with every call as Accept-Language. */
export function getLocale(): Locale {
  return current;
}

/** Chooses the language and remembers it in this browser. */
export function setLocale(locale: Locale): void {
  current = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
