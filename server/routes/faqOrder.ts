import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { invalid } from '../errors.js';

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
      const data = await app.db.transaction().execute(async (trx) => {
        // No FAQ may be created, edited or deleted meanwhile: the set compared is the set updated (reads still pass).
        await sql`LOCK TABLE faqs IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        const existing = await trx.selectFrom('faqs').select('id').execute();
        const known = new Set(existing.map((row) => row.id));
        if (ids.length !== known.size || ids.some((id) => !known.has(id))) throw invalid({ ids: ['validation.in'] });
        // One statement: each id gets its 1-based position in the array; only rows whose place changed are touched.
        await sql`
          UPDATE faqs SET "order" = x.position, updated_at = now()
          FROM unnest(${ids}::int[]) WITH ORDINALITY AS x(id, position)
          WHERE faqs.id = x.id AND faqs."order" <> x.position
        `.execute(trx);
        return trx.selectFrom('faqs').select(['id', 'question', 'order']).orderBy('order').orderBy('id').execute();
      });
      return { data };
    },
  );
}
