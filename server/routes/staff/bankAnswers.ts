import { Type } from 'typebox';
import { importBankAnswer } from '../../payouts/bankAnswers/importBankAnswer.js';
import { body, data, type Api } from '../schemas.js';
import { bankAnswerImported } from '../schemas/payouts.js';
import { bankAnswerPeriods, namesBankAnswerPayouts } from '../scopes.js';

const tags = ['payouts'];
/** A bank's answer of 10 000 payments is some 10 MB of XML. */
const MAX_XML = 30_000_000;

/**
 * The bank's answers to the payment files: a payment status report (pain.002.001.03) or a debit notification
 * (camt.054.001.02), imported once each, which pays and returns the payouts they name by the bank's word.
 */
export default async function bankAnswerRoutes(app: Api) {
  const { db } = app;
  const deps = { mailer: app.mailer, config: app.config };

  app.post(
    '/bank-answers',
    {
      // Those who manage the payouts of every period the file names, who stood aside from none of its applications.
      config: { access: { abilities: 'manage-payouts', scope: bankAnswerPeriods, reaches: namesBankAnswerPayouts } },
      bodyLimit: MAX_XML * 2,
      schema: {
        tags,
        summary:
          'Imports the bank’s answer to a payment file, as XML: a pain.002.001.03 status report (a file rejected whole gives its payouts back to be batched anew; a file taken and not yet marked sent is sent; a payment rejected is returned with the bank’s reason) or a camt.054.001.02 debit notification (a payment booked pays its payout on the booking day; one come back returns it and books it back). Each payment matched by its EndToEndId; each file once (409 errors.bank_answer_imported); 422 for another message or an unreadable one',
        body: body({ xml: Type.String({ minLength: 1, maxLength: MAX_XML }) }),
        response: {
          200: data(bankAnswerImported),
        },
      },
    },
    async (request) => ({ data: await importBankAnswer(db, deps, request.body.data.xml, request.staff!.id, app.clock.now()) }),
  );
}
