import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { Db } from '../db/connect.js';
import { gaugesOfOneRead } from './gaugesOfOneRead.js';

/** The mails not sent yet, and how long the oldest has waited: one query for both gauges. */
export function watchOutbox(db: Db, registry: Registry) {
  const unsent = () =>
    db
      .selectFrom('outbox')
      .where('sent_at', 'is', null)
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('age'),
      ])
      .executeTakeFirstOrThrow();
  gaugesOfOneRead(registry, unsent, [
    { name: 'mail_outbox_unsent', help: 'Mails of the outbox not sent yet', value: (row) => row.count },
    {
      name: 'mail_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest mail of the outbox not sent yet (0 when every mail has gone)',
      value: (row) => Math.max(0, row.age ?? 0),
    },
  ]);
}
