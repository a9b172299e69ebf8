import { Type } from 'typebox';
import { enums, type EnumMap } from '../../../resources/enums.js';
import { isLocale, defaultLocale, type Locale } from '../../../resources/locales.js';
import { ping } from '../../db/connect.js';
import { translator } from '../../i18n.js';
import { AppError } from '../../errors.js';
import { data, type Api } from '../schemas.js';

function enumMap(locale: Locale): EnumMap {
  const t = translator(locale);
  return Object.fromEntries(
    Object.entries(enums).map(([name, values]) => [
      name,
      Object.entries(values).map(([key, value]) => ({ value, key, label: t(`enums.${name}.${key}`) })),
    ]),
  ) as EnumMap;
}

const cache = new Map<Locale, EnumMap>();

/** Enumerations with labels, and the health check. */
export default async function protocolRoutes(app: Api) {
  app.get(
    '/protocol/enums/:locale',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['protocol'],
        summary: 'Every enumeration with codes and labels; an unknown locale gets sv-SE',
        params: Type.Object({ locale: Type.String({ maxLength: 10 }) }),
      },
    },
    async (request, reply) => {
      const locale = isLocale(request.params.locale) ? request.params.locale : defaultLocale;
      if (!cache.has(locale)) cache.set(locale, enumMap(locale));
      reply.header('Cache-Control', 'public, max-age=300');
      return { data: cache.get(locale) };
    },
  );

  // Anyone may ask, so it says nothing but the status: how the backups stand is for staff who manage users (the
  // dashboard) and for the metrics' scraper (/metrics, behind its token).
  app.get(
    '/health',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['protocol'],
        summary: 'Answers 200 when the database is reachable, else 503; the status alone',
        description: 'How the embedded database’s backups stand is on the dashboard of those who manage users, and in /metrics.',
        response: { 200: data(Type.Object({ status: Type.Literal('ok') })) },
      },
    },
    async () => {
      try {
        await ping(app.db);
      } catch {
        throw new AppError(503, 'errors.service_unavailable');
      }
      return { data: { status: 'ok' as const } };
    },
  );
}
