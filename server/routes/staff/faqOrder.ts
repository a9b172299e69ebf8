import type { FastifyInstance } from 'fastify';
import { reorderFaqs } from '../../faqs.js';

type Body = { data: { ids: number[] } };

const bodySchema = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'object',
      required: ['ids'],
      additionalProperties: false,
      properties: { ids: { type: 'array', uniqueItems: true, maxItems: 10_000, items: { type: 'integer', minimum: 1 } } },
    },
  },
};

/**
 * The FAQ reorder screen's save (SPEC: "a reorder screen at faqs/order"): the ids of every FAQ in their new order;
 * "order" becomes each one's position, 1..n, in one transaction. Registered beside the generated `/faqs/:id` routes;
 * Fastify prefers the static `/faqs/order` over the parametric one.
 */
export default async function faqOrderRoutes(app: FastifyInstance) {
  app.put<{ Body: Body }>(
    '/faqs/order',
    {
      config: { access: { abilities: 'manage-faq' } },
      schema: { tags: ['faqs'], summary: 'Reorder: the ids of all FAQs in their new order; "order" becomes 1..n', body: bodySchema },
    },
    async (request) => {
      const { ids } = request.body.data;
      const data = await reorderFaqs(app.db, ids);
      return { data };
    },
  );
}
