import type { Db } from '../../db/connect.js';
import { isoDate, type DemoCalendar } from './calendar.js';
import type { ContactIds } from './contacts.js';
import { createSetting } from './createSetting.js';
import { kr } from './money.js';

export interface PeriodIds {
  open: number;
  closed: number;
}

/**
 * This year's period, open from a month ago for two more months, capped; and last year's, with status cloaking, still
 * open here so that its applications can be sent in on their days (the demo closes it after). Both take every type.
 * The contacts: the secretary and the case officer for this year's, the secretary and the chair for last year's.
 */
/** What an applicant accepts before the money is paid, as a savings-bank foundation words it, in both languages. */
const grantConditions = {
  grant_conditions_sv: [
    'Bidraget får bara användas till det som ansökan beskriver. Ändras projektet ska ni kontakta stiftelsen innan pengarna används till något annat.',
    'Begär utbetalning inom tolv månader från beslutet, annars förfaller bidraget. Skicka in uppföljningen senast den dag stiftelsen anger.',
    'Pengar som inte används till projektet betalas tillbaka till stiftelsen. Nämn gärna Sparbanksstiftelsen Norrbygden när ni berättar om projektet.',
  ].join('\n\n'),
  grant_conditions_en: [
    'The grant may only be used for what the application describes. If the project changes, contact the foundation before the money is used for anything else.',
    'Request the payout within twelve months of the decision, or the grant lapses. Send in the follow-up report by the day the foundation gives.',
    'Money not used for the project is paid back to the foundation. Please mention Sparbanksstiftelsen Norrbygden when you tell others about the project.',
  ].join('\n\n'),
};

export async function seedPeriods(
  trx: Db,
  { year, lastYear, daysAgo }: DemoCalendar,
  typeIds: number[],
  contacts: ContactIds,
): Promise<PeriodIds> {
  const open = await createSetting(trx, 'periods', {
    name: `Ansökningsomgång ${year}`,
    name_en: `Application period ${year}`,
    start_date: isoDate(daysAgo(30)),
    end_date: isoDate(daysAgo(-60)),
    uses_money_distribution_cap: true,
    available_money: kr(2_000_000),
    application_type_ids: typeIds,
    contact_ids: [contacts.secretary, contacts.officer],
    ...grantConditions,
  });
  const closed = await createSetting(trx, 'periods', {
    name: `Ansökningsomgång ${lastYear}`,
    name_en: `Application period ${lastYear}`,
    start_date: `${lastYear}-02-01`,
    end_date: `${lastYear}-04-30`,
    uses_status_cloaking: true,
    available_money: kr(1_500_000),
    application_type_ids: typeIds,
    contact_ids: [contacts.secretary, contacts.chair],
    ...grantConditions,
  });
  return { open, closed };
}
