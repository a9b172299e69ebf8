import type { Db } from '../../connect.js';
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
export async function seedPeriods(
  trx: Db,
  { year, lastYear, daysAgo }: DemoCalendar,
  typeIds: number[],
  contacts: ContactIds,
): Promise<PeriodIds> {
  const open = await createSetting(trx, 'periods', {
    name: `Ansökningsomgång ${year}`,
    start_date: isoDate(daysAgo(30)),
    end_date: isoDate(daysAgo(-60)),
    uses_money_distribution_cap: true,
    available_money: kr(2_000_000),
    application_type_ids: typeIds,
    contact_ids: [contacts.secretary, contacts.officer],
  });
  const closed = await createSetting(trx, 'periods', {
    name: `Ansökningsomgång ${lastYear}`,
    start_date: `${lastYear}-02-01`,
    end_date: `${lastYear}-04-30`,
    uses_status_cloaking: true,
    available_money: kr(1_500_000),
    application_type_ids: typeIds,
    contact_ids: [contacts.secretary, contacts.chair],
  });
  return { open, closed };
}
