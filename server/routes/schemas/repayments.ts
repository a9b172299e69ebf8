import { Type } from 'typebox';
import { dateTime, money, Nullable, nullableDateTime } from '../schemas.js';

// Money an applicant is to pay back (server/payouts/repayments.ts). Amounts in öre.

export const repayment = Type.Object({
  id: Type.Integer(),
  amount: money(),
  reason: Type.String(),
  registered_at: dateTime,
  registered_by: Type.String({ description: 'The staff user’s name' }),
  received_on: Nullable(Type.String({ format: 'date', description: 'The Stockholm day it arrived; null while still to be paid' })),
  received_by: Nullable(Type.String()),
  cancelled_at: nullableDateTime,
  cancel_reason: Nullable(Type.String()),
});

/** An application's repayments with what could still be asked back. */
export const repayments = Type.Object({
  repayments: Type.Array(repayment, { description: 'Oldest first' }),
  paid: money({ description: 'The sum of the application’s payouts paid' }),
  repayable: money({ description: 'What may still be registered: paid less what is already to be paid back' }),
});
