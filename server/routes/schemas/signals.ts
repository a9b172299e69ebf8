import { Type } from 'typebox';
import { signalKinds, signalSettingRanges } from '../../../resources/signals.js';
import { dateTime, Nullable, nullableDateTime, stringEnum } from '../schemas.js';

// A signal of one application as staff read it (server/signals/readSignals.ts builds it), every property always sent.
const { Integer, String: Text } = Type;

/** An application a signal matched, which the reader may read too. */
const matchedApplication = Type.Object({ uuid: Text(), reference: Nullable(Text()) });

export const signal = Type.Object({
  id: Integer(),
  kind: stringEnum(signalKinds, {
    description:
      'organisation_accounts: its organisation number applied from another account in the period; payout_account: its payout account is another payee’s too; personal_number: its account’s e-ID personal number was another account’s; similar_description: its description is near-identical to another’s of the period; registrations_from_address: its account registered from an address that more than the setting’s number of accounts registered from that day',
  }),
  created_at: dateTime,
  matched: Type.Array(matchedApplication, { description: 'The applications it matched that the caller may read too' }),
  withheld: Integer({
    description:
      'How many applications it matched that the caller may not read (another period’s, or one they stood aside from): not named',
  }),
  details: Type.Object({
    similarity: Nullable(Integer({ description: 'similar_description: the trigram similarity in percent; null where withheld' })),
    account_type: Nullable(Text({ description: 'payout_account: bankgiro, plusgiro or bank; null where withheld' })),
    day: Nullable(Text({ description: 'registrations_from_address: the day in Stockholm, YYYY-MM-DD' })),
    accounts: Nullable(Integer({ description: 'registrations_from_address: how many accounts registered from the address that day' })),
  }),
  checked: Nullable(
    Type.Object(
      { at: dateTime, by: Nullable(Text({ description: 'Null once the staff user is deleted' })), reason: Text() },
      { description: 'Null while unchecked' },
    ),
  ),
});

const setting = (name: keyof typeof signalSettingRanges, description: string) => {
  const { min, max, default: start } = signalSettingRanges[name];
  return Integer({ minimum: min, maximum: max, description: `${description} (${min}–${max}, ${start} to begin with)` });
};

/** The signals' settings, with who changed them last (null: nobody since the defaults). */
export const signalSettings = Type.Object({
  similarity_percent: setting('similarity_percent', 'Two descriptions of one period at least this similar (percent) are a signal'),
  registrations_per_day: setting('registrations_per_day', 'More accounts than this registered from one address in a day are a signal'),
  updated_at: nullableDateTime,
  updated_by: Nullable(Type.Object({ id: Integer(), name: Text() })),
});
