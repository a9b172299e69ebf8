/** The interface languages. sv-SE is the default and the fallback for anything missing or unknown. */
export const locales = ['sv-SE', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'sv-SE';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The best supported locale for an Accept-Language header ("en-GB,en;q=0.8" -> en-US). */
export function negotiateLocale(header: string | undefined | null): Locale {
  if (!header) return defaultLocale;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = locales.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const sameLanguage = locales.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (sameLanguage) return sameLanguage;
  }
  return defaultLocale;
}
