import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { enums } from '../../resources/enums.js';

/**
 * A closed period of its own that ended on `endDate`, with an applicant, for the retention rules' tests: `add` puts an
 * application of the status in it, sent in on the period's last day unless a draft (or `extra` says otherwise), and
 * answers its id.
 */
export async function closedPeriod(db: Db, endDate: string) {
  const { id } = await db
    .insertInto('periods')
    .values({ name: `Gallring ${randomUUID()}`, start_date: '2020-01-01', end_date: endDate, closed: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('frontend_users')
    .values({ email: `${randomUUID()}@test.se`, first_name: 'Rut', last_name: 'Regel', phone: '+46701112233' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const draft = enums.application_status.draft;
  const add = async (status: number, extra: { sent_in_at?: Date | null; followup_sent_in_at?: Date; anonymised_at?: Date } = {}) =>
    (
      await db
        .insertInto('applications')
        .values({
          period_id: id,
          frontend_user_id: user.id,
          status,
          money: 5000,
          contact_first_name: 'Rut',
          contact_last_name: 'Regel',
          reference: status === draft ? null : randomUUID(),
          sent_in_at: status === draft ? null : new Date(`${endDate}T10:00:00Z`),
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { id, add };
}
