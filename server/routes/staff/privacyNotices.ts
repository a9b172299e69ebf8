import { Type } from 'typebox';
import { privacyNotices, savePrivacyNotices } from '../../dataProtection/privacyNotice.js';
import { locales } from '../../../resources/locales.js';
import { body, data, type Api } from '../schemas.js';
import { privacyNotices as noticesSchema } from '../schemas/dataProtection.js';

const text = Type.String({
  minLength: 1,
  maxLength: 20_000,
  description: 'Plain text, paragraphs separated by a blank line; %{draft_months}, %{rejected_months} and %{approved_years} are the rules',
});
const answer = data(noticesSchema);

/** The privacy notice's texts, one per language, edited in Settings → Data protection. */
export default async function privacyNoticeStaffRoutes(app: Api) {
  const config = { access: { abilities: 'manage-data-protection', reaches: 'nothing' } } as const;
  const tags = ['data protection'];

  app.get(
    '/privacy-notices',
    {
      config,
      schema: {
        tags,
        summary: 'The privacy notice’s text in each language, as written, and who changed it last',
        response: { 200: answer },
      },
    },
    async () => ({ data: await privacyNotices(app.db) }),
  );

  app.put(
    '/privacy-notices',
    {
      config,
      schema: {
        tags,
        summary: 'Changes the privacy notice’s text of every language given',
        body: body(Object.fromEntries(locales.map((locale) => [locale, text])) as Record<(typeof locales)[number], typeof text>, []),
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await savePrivacyNotices(app.db, request.body.data, request.staff!.id, app.clock.now()) }),
  );
}
