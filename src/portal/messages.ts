import { attributes, enums, errors, portal, resources, validation } from '../../locales/sv-SE.json';
import type { AppMessages, Messages } from '../providers/i18nCore';
import { portalTexts } from './textParts';

/**
 * The portal's part of locales/*.json (textParts.ts): its own texts and the shared ones it shows (field names, enum
 * values, a few errors, the validation rules' messages, the data export's file name), not the staff app's `app`, the
 * server's mails nor its other messages. The first texts come with the page (sv-SE; en-US on switching): named
 * imports, so the build leaves the other parts of each file out, and vite.config.ts the rest of each part.
 */
export const portalMessages: AppMessages = {
  'sv-SE': async () => portalTexts({ attributes, enums, errors, portal, resources, validation }, 'first') as Messages,
  'en-US': async () => portalTexts({ ...(await import('./messages.en-US')) }, 'first') as Messages,
};

/** The later texts, which the pages that show them load with their code (PortalApp.tsx). */
export const laterMessages: AppMessages = {
  'sv-SE': async () => portalTexts({ ...(await import('./laterTexts.sv-SE')) }, 'later') as Messages,
  'en-US': async () => portalTexts({ ...(await import('./laterTexts.en-US')) }, 'later') as Messages,
};
