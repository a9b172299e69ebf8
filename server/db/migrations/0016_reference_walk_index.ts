import { sql, type Kysely } from 'kysely';

/**
 * The lists' usual page, a set of statuses sorted by reference (server/applications/lists.ts), walks the references
 * in order until it has its page. With the status beside each reference in the index, and the id that breaks ties in
 * its order, that walk reads the index alone: no visit to the table for each reference passed, no sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX applications_reference_walk ON applications (reference, id) INCLUDE (status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX applications_reference_walk`.execute(db);
}
