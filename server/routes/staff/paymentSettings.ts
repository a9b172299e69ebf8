import { Type } from 'typebox';
import { PAYMENT_NAME_MAX, paymentSettingsOf, savePaymentSettings } from '../../payouts/paymentSettings.js';
import { body, data, Nullable, stringEnum, type Api } from '../schemas.js';
import { paymentSettings } from '../schemas/payouts.js';

const Text = Type.String;
const { Optional } = Type;
const account = (description: string) => Text({ maxLength: 10, description });

/**
 * The payment settings (one record), for those who manage payouts generally: the foundation as the payment file's
 * debtor, and the bookkeeping's accounts.
 */
export default async function paymentSettingsRoutes(app: Api) {
  const { db } = app;
  const tags = ['payouts'];
  const config = { access: { abilities: 'manage-payouts', reaches: 'nothing' } } as const;
  const answer = data(paymentSettings);

  app.get(
    '/payment-settings',
    { config, schema: { tags, summary: 'The payment settings, and who changed them last (null: nobody yet)', response: { 200: answer } } },
    async () => ({ data: await paymentSettingsOf(db) }),
  );

  app.put(
    '/payment-settings',
    {
      config,
      schema: {
        tags,
        summary:
          'Changes the payment settings: the name, a valid organisation number, a bankgiro (account_kind bankgiro) or an IBAN with its BIC (iban), four 4-digit accounts and the financial year’s first month; 422 with each field’s error, nothing saved',
        body: body(
          {
            name: Text({ maxLength: 200, description: `At most ${PAYMENT_NAME_MAX} characters` }),
            org_number: Text({ maxLength: 20 }),
            account_kind: stringEnum(['bankgiro', 'iban'] as const),
            bankgiro: Optional(Nullable(Text({ maxLength: 20 }))),
            iban: Optional(Nullable(Text({ maxLength: 50 }))),
            bic: Optional(Nullable(Text({ maxLength: 20 }))),
            bank_customer_number: Optional(
              Nullable(
                Text({
                  maxLength: 50,
                  description: 'The customer or agreement number the bank gave: the payment file’s initiating party (scheme BANK)',
                }),
              ),
            ),
            account_grants: account('The grants’ cost (BAS), e.g. 6990'),
            account_payable: account('Granted and not yet paid, e.g. 2890'),
            account_bank: account('The bank, e.g. 1930'),
            account_returned: account('What comes back, e.g. 3990'),
            financial_year_first_month: Optional(
              Type.Integer({
                minimum: 1,
                maximum: 12,
                description:
                  'The month the financial year starts (1 = January); left out: kept. A change numbers the journal’s vouchers anew in the years it gives, so it is refused (409 errors.financial_year_exported) once any export was taken',
              }),
            ),
          },
          ['name', 'org_number', 'account_kind', 'account_grants', 'account_payable', 'account_bank', 'account_returned'],
        ),
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await savePaymentSettings(db, request.body.data, request.staff!.id, app.clock.now()) }),
  );
}
