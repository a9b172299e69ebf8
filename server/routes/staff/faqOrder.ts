import { Type } from 'typebox';
import { reorderFaqs } from '../../faqs.js';
import { body, data, id, type Api } from '../schemas.js';
import { orderedFaq } from '../schemas/faqs.js';

const bodySchema = body({ ids: Type.Array(id, { uniqueItems: true, maxItems: 10_000 }) });

/**
 * The save of the FAQ reorder screen at faqs/order: the ids of every FAQ in their new order;
 * "order" becomes each one's position, 1..n, in one transaction. Registered beside the generated `/faqs/:id` routes;
 * Fastify prefers the static `/faqs/order` over the parametric one.
 */
export default async function faqOrderRoutes(app: Api) {
  app.put(
    '/faqs/order',
    {
      config: { access: { abilities: 'manage-faq', reaches: 'nothing' } },
      schema: {
        tags: ['faqs'],
        summary: 'Reorder: the ids of all FAQs in their new order; "order" becomes 1..n',
        body: bodySchema,
        response: { 200: data(Type.Array(orderedFaq)) },
      },
    },
    async (request) => {
      const { ids } = request.body.data;
      const data = await reorderFaqs(app.db, ids);
      return { data };
    },
  );
}
