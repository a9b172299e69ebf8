import { sql } from 'kysely';
import type { Db } from './connect.js';

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock named `name`, on one connection of its own: app
 * processes starting together on one database do it one at a time (the job queue's setup, which would otherwise
 * deadlock), while `work` itself may use any connection of the pool.
 */
export async function withAdvisoryLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}
