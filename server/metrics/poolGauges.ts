import { Gauge, type Registry } from 'prom-client';
import { poolUse, type Db } from '../db/connect.js';

type PoolUse = NonNullable<ReturnType<typeof poolUse>>;

/** The database connection pool as it stands when scraped (no query). */
export function watchPool(db: Db, registry: Registry) {
  const gauge = (name: string, help: string, value: (use: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const use = poolUse(db);
        this.set(use ? value(use) : NaN);
      },
    });
  gauge('db_pool_connections_in_use', 'Connections of the pool running a query or a transaction', (use) => use.inUse);
  gauge('db_pool_connections_idle', 'Open connections of the pool waiting for work', (use) => use.idle);
  gauge('db_pool_waiting_queries', 'Queries waiting for a connection of the pool', (use) => use.waiting);
}
