import Polyglot from 'node-polyglot';
import { messages } from '../locales/index.js';
import { locales, type Locale } from '../resources/locales.js';

export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

// One Polyglot per locale, sv-SE behind every other as the fallback for a missing key.
const fallback = new Polyglot({ phrases: messages['sv-SE'], locale: 'sv' });
const polyglots = Object.fromEntries(
  locales.map((locale) => [
    locale,
    new Polyglot({
      phrases: messages[locale],
      locale: locale.slice(0, 2),
      allowMissing: true,
      onMissingKey: (key: string, params: Params) => fallback.t(key, params),
    }),
  ]),
) as Record<Locale, Polyglot>;

export function translator(locale: Locale): Translate {
  const polyglot = polyglots[locale];
  return (key, params) => polyglot.t(key, params);
}
