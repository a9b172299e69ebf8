import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { exportsOverlapping, recordExport } from '../../bookkeeping/exports.js';
import { sieExport } from '../../bookkeeping/vouchers.js';
import { stockholmDay } from '../../clock.js';
import { invalid } from '../../errors.js';
import { attachmentHeader } from '../../uploads/fileName.js';
import { data, type Api } from '../schemas.js';
import { bookkeepingExport } from '../schemas/bookkeeping.js';

const day = Type.String({ format: 'date', description: 'A Stockholm day, YYYY-MM-DD' });

/** The grants' bookkeeping as an SIE 4 file for the accounting program, for those who manage payouts of every period. */
export default async function bookkeepingRoutes(app: Api) {
  const tags = ['payouts'];
  app.get(
    '/bookkeeping/sie',
    {
      config: { access: { abilities: 'manage-payouts', reaches: 'rows' } },
      schema: {
        tags,
        summary: 'The journal’s vouchers of the days from..to (Stockholm) as an SIE 4 file (type 4i, code page 437)',
        description:
          'The vouchers booked on the days from..to, each as it was written when its event happened, with the number it was given then in series B and its financial year, and the day and person that booked it: a decision (the approved amount, on the day decided, a board’s on its meeting’s day), a payout paid (on the day paid) or returned, a repayment received, instalments lapsed; a change is a correction that reverses the earlier voucher and books anew, on the day of the change. The same days exported twice give the same vouchers. `#RAR 0` is the financial year of `to` (by the first month of the payment settings) and `#RAR -1` the year before when `from` reaches into it; a range reaching further back is 422 beside `from`. Each export is recorded (GET /bookkeeping/exports). Texts in the language of Accept-Language. 422 for a range reversed, or when the payment settings lack the foundation’s name or organisation number. 403 errors.conflict_of_interest_in to one who stood aside from an application booked in the range (a colleague takes out those books).',
        querystring: Type.Object({ from: day, to: day }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (to < from) throw invalid({ to: ['validation.bookkeeping_range_reversed'] });
      const t = request.t;
      const { chunks, vouchers } = await sieExport(
        app.db,
        { from, to },
        {
          voucher: (kind, reference) => t(`bookkeeping.vouchers.${kind}`, { reference }),
          reversal: (kind, reference, reversed) =>
            t('bookkeeping.vouchers.reversal', { voucher: reversed, text: t(`bookkeeping.vouchers.${kind}`, { reference }) }),
          account: (purpose) => t(`bookkeeping.accounts.${purpose}`),
        },
        request.viewer,
        { program: { name: app.config.productName, version: '1' }, generatedOn: stockholmDay(app.clock.now()) },
      );
      await recordExport(app.db, { from, to, vouchers }, request.staff!.id);
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', attachmentHeader(`${t('bookkeeping.file_name')}_${from}_${to}.se`))
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/bookkeeping/exports',
    {
      config: { access: { abilities: 'manage-payouts', reaches: 'nothing' } },
      schema: {
        tags,
        summary: 'The exports of the books, newest first: all (the latest 50), or those whose days overlap from..to',
        description:
          'Who exported which days when, and how many vouchers: an export overlapping an earlier one is seen before its vouchers are imported twice.',
        querystring: Type.Object({ from: Type.Optional(day), to: Type.Optional(day) }, { additionalProperties: false }),
        response: { 200: data(Type.Array(bookkeepingExport)) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      if ((from === undefined) !== (to === undefined)) throw invalid({ [from === undefined ? 'from' : 'to']: ['validation.required'] });
      return { data: await exportsOverlapping(app.db, from && to ? { from, to } : null) };
    },
  );
}
