import { Type } from 'typebox';
import { dateTime, money, Nullable, nullableDateTime, stringEnum } from '../schemas.js';

// Staff's handling of payouts: the payouts list's row, a payment batch, the payment settings.
const { Integer } = Type;
const Text = Type.String;
const person = Type.Object({ id: Integer(), name: Text() });
const nullablePerson = Nullable(person);
const stoodAside = (description: string) =>
  Type.Union([Type.Literal('stood_aside'), Type.Null()], { description: `stood_aside: ${description}; else null` });

/** A payout as staff see it in the list, a batch and its own dialog. */
export const payoutRow = Type.Object({
  id: Integer(),
  application: Type.Object({ uuid: Text(), reference: Nullable(Text()) }),
  payee: Text({ description: 'The organisation’s name as the application gives it, else its contact’s or applicant’s' }),
  period: Type.Object({ id: Integer(), name: Text() }),
  amount: Nullable(money({ description: 'Null where the caller stood aside from the application' })),
  account: Nullable(
    Type.Object({
      kind: stringEnum(['bankgiro', 'plusgiro', 'bank'] as const),
      display: Text({ description: 'As its owner reads it, e.g. 5050-1055' }),
    }),
  ),
  status: Integer({ description: 'enums.payout_status' }),
  requested_at: dateTime,
  prepared_by: nullablePerson,
  prepared_at: nullableDateTime,
  approved_by: nullablePerson,
  approved_at: nullableDateTime,
  rejected_at: nullableDateTime,
  reject_reason: Nullable(Text()),
  batch_id: Nullable(Integer()),
  paid_on: Nullable(Text({ description: 'YYYY-MM-DD' })),
  returned_at: nullableDateTime,
  return_reason: Nullable(Text()),
  bank_reference: Nullable(Text({ description: 'The bank’s reference of the payment or its return' })),
  return_asked: Nullable(
    Type.Object(
      { by: person, at: dateTime, reason: Nullable(Text()), bank_reference: Nullable(Text()) },
      { description: 'A return marked by hand, waiting for another person to carry it out' },
    ),
  ),
  withheld: stoodAside('the caller stood aside from the application: no amount, account or reasons'),
  receipts: Type.Optional(
    Type.Array(Type.Object({ uuid: Text(), name: Text(), size: Integer() }), {
      description:
        'The receipts the applicant attached to the request, oldest first, each downloaded at GET /applications/{uuid}/files/{uuid} (in the list and of one payout; none where the caller stood aside)',
    }),
  ),
});

/** A payment batch with its count and totals (öre). */
export const paymentBatch = Type.Object({
  id: Integer(),
  message_id: Text({ description: 'The payment file’s MsgId' }),
  execution_date: Text({ description: 'YYYY-MM-DD: the day the bank is to pay' }),
  created_at: dateTime,
  created_by: person,
  sent_at: nullableDateTime,
  sent_by: nullablePerson,
  file_stored_at: Type.Union([dateTime, Type.Null()], { description: 'When its file was first downloaded, and stored as the bank’s' }),
  cancelled_at: Type.Union([dateTime, Type.Null()], {
    description: 'When it was cancelled before it was sent (or refused whole by the bank)',
  }),
  bank_status: Nullable(Text({ description: 'The bank’s last word on the whole file (ACCP, ACTC, PART, RJCT …), from its status report' })),
  bank_status_at: nullableDateTime,
  payouts: Integer(),
  total: Nullable(money({ description: 'Null where the caller stood aside from an application of the batch' })),
  paid: Integer({ description: 'How many of its payouts are paid' }),
  returned: Integer({ description: 'How many of its payouts were returned' }),
  withheld: stoodAside('the caller stood aside from an application of the batch, which a colleague handles'),
});

/** A batch with its payouts. */
export const paymentBatchWithPayouts = Type.Object({ ...paymentBatch.properties, items: Type.Array(payoutRow) });

/** The payment settings as staff read them. */
export const paymentSettings = Type.Object({
  name: Text(),
  org_number: Text(),
  account_kind: stringEnum(['bankgiro', 'iban'] as const),
  bankgiro: Nullable(Text()),
  iban: Nullable(Text()),
  bic: Nullable(Text()),
  bank_customer_number: Nullable(Text()),
  account_grants: Text(),
  account_payable: Text(),
  account_bank: Text(),
  account_returned: Text(),
  financial_year_first_month: Integer({ minimum: 1, maximum: 12 }),
  updated_at: nullableDateTime,
  updated_by: nullablePerson,
});

/** What importing a bank's answer did: each payment of the file, in its order. */
export const bankAnswerImported = Type.Object({
  id: Integer(),
  kind: stringEnum(['pain.002', 'camt.054'] as const),
  message_id: Text(),
  imported_at: dateTime,
  outcomes: Type.Array(
    Type.Object({
      end_to_end_id: Text(),
      payout_id: Nullable(Integer()),
      outcome: stringEnum([
        'paid',
        'returned',
        'rejected',
        'unbatched',
        'accepted',
        'pending',
        'already',
        'not_matching',
        'unknown',
      ] as const),
      detail: Type.Optional(Text({ description: 'The bank’s code, status or reference' })),
    }),
    { description: 'What each payment of the file did, in its order' },
  ),
});

/** A grant or withdrawal of a payout ability to a staff user, as the user's page lists it. */
export const payoutAbilityChange = Type.Object({
  id: Integer(),
  ability: stringEnum(['manage-payouts', 'approve-payouts'] as const),
  via: stringEnum(['role', 'ability'] as const, { description: 'role: by the user’s role (every period); ability: for one period' }),
  change: stringEnum(['granted', 'revoked'] as const),
  period: Nullable(Type.Object({ id: Integer(), name: Text() })),
  changed_by: Nullable(Text({ description: 'Who changed it; null for what the accounts held when the record began' })),
  changed_at: dateTime,
});
