import svSE from './sv-SE.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };
import type { Locale } from '../resources/locales.js';

/** The application's own texts (UI, server messages, mails, enumeration labels), per locale. */
export const messages: Record<Locale, typeof svSE> = { 'sv-SE': svSE, 'en-US': enUS };
