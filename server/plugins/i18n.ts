import type { FastifyInstance } from 'fastify';
import { negotiateLocale } from '../../resources/locales.js';
import { translator } from '../i18n.js';

/** Every answer is in the language the client asks for with Accept-Language (sv-SE when unknown). */
export function registerI18n(app: FastifyInstance) {
  app.decorateRequest('locale', 'sv-SE');
  // Declared without a value (FastifyRequest's type says what it holds); the hook below sets it on every request.
  app.decorateRequest('t');
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    request.t = translator(request.locale);
  });
}
