import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/connect.js';
import { oneReadPerScrape } from './oneReadPerScrape.js';
import { whileReachable } from './whileReachable.js';

/** The mails not sent yet, and how long the oldest has waited: one query for both gauges. */
export function watchOutbox(db: Db, registry: Registry) {
  const unsent = oneReadPerScrape(() =>
    db
      .selectFrom('outbox')
      .where('sent_at', 'is', null)
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('age'),
      ])
      .executeTakeFirstOrThrow(),
  );
  const gauge = (name: string, help: string, value: (row: Awaited<ReturnType<typeof unsent>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        await whileReachable(
          async () => this.set(value(await unsent())),
          () => this.set(NaN),
        );
      },
    });
  gauge('mail_outbox_unsent', 'Mails of the outbox not sent yet', (row) => row.count);
  gauge('mail_outbox_oldest_unsent_age_seconds', 'Age of the oldest mail of the outbox not sent yet (0 when every mail has gone)', (row) =>
    Math.max(0, row.age ?? 0),
  );
}
