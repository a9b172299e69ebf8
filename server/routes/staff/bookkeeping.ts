import { Type } from 'typebox';
import { sieFile } from '../../bookkeeping/sieFile.js';
import { bookkeepingOf } from '../../bookkeeping/vouchers.js';
import { stockholmDay } from '../../clock.js';
import { invalid } from '../../errors.js';
import { attachmentHeader } from '../../uploads/fileName.js';
import type { Api } from '../schemas.js';

/** The longest range one file covers: an SIE file is one financial year, and a few years is the most anyone books at once. */
export const BOOKKEEPING_MAX_YEARS = 3;

const day = Type.String({ format: 'date', description: 'A Stockholm day, YYYY-MM-DD' });

/** 422 for a range that ends before it starts or spans more than BOOKKEEPING_MAX_YEARS. */
function checkRange(from: string, to: string) {
  if (to < from) throw invalid({ to: ['validation.bookkeeping_range_reversed'] });
  const limit = `${Number(from.slice(0, 4)) + BOOKKEEPING_MAX_YEARS}${from.slice(4)}`;
  if (to >= limit) throw invalid({ to: [{ key: 'validation.bookkeeping_range_too_long', params: { years: BOOKKEEPING_MAX_YEARS } }] });
}

/** The grants' bookkeeping as an SIE 4 file for the accounting program, for those who manage payouts of every period. */
export default async function bookkeepingRoutes(app: Api) {
  app.get(
    '/bookkeeping/sie',
    {
      config: { access: { abilities: 'manage-payouts', reaches: 'rows' } },
      schema: {
        tags: ['payouts'],
        summary: 'The bookkeeping of the days from..to (Stockholm) as an SIE 4 file (type 4i, code page 437)',
        description:
          'A voucher per decision (the approved amount, on the day decided: grants cost against the liability), per payout paid (liability against the bank, on the day paid; a paid one the bank returned back again on the day of the return), per repayment received (bank against returned grants) and per instalment lapsed (liability against returned grants), each naming the application’s reference; the accounts and the foundation from the payment settings; the financial year is the range. Texts in the language of Accept-Language. 422 for a range reversed or longer than three years, or when the payment settings lack the foundation’s name or organisation number. 403 errors.conflict_of_interest_in to one who stood aside from an application booked in the range (a colleague takes out those books).',
        querystring: Type.Object({ from: day, to: day }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      checkRange(from, to);
      const t = request.t;
      const input = await bookkeepingOf(
        app.db,
        { from, to },
        {
          voucher: (kind, reference) => t(`bookkeeping.vouchers.${kind}`, { reference }),
          account: (purpose) => t(`bookkeeping.accounts.${purpose}`),
        },
        request.viewer,
      );
      const file = sieFile({
        ...input,
        program: { name: app.config.productName, version: '1' },
        generatedOn: stockholmDay(app.clock.now()),
      });
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', attachmentHeader(`${t('bookkeeping.file_name')}_${from}_${to}.se`))
        .send(file);
    },
  );
}
