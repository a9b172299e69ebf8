import { attributes, auth, data_export, enums, errors, portal, resources, validation } from '../../locales/sv-SE.json';
import type { AppMessages } from '../providers/i18nCore';

/**
 * The portal's part of locales/*.json: its own texts and the shared ones it shows (field names, enum values, errors,
 * the validation rules' messages, the data export's file name), but not the staff app's `app` nor the server's mails.
 * Named imports, so the build leaves the rest of each file out; sv-SE comes with the page, en-US on switching.
 */
export const portalMessages: AppMessages = {
  'sv-SE': async () => ({ attributes, auth, data_export, enums, errors, portal, resources, validation }),
  'en-US': async () => ({ ...(await import('./messages.en-US')) }),
};
