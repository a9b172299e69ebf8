import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the staff application lists at 100,000 applications (bench/applications.ts): each sort reads an index
 * in its order, the applicant sort the applicants' names in Swedish collation, and the search (ILIKE '%term%') goes
 * through trigram indexes on the reference, the organisation's name and the applicant's name and e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX applications_status_reference ON applications (status, reference, id);
    -- Amounts and dates not set sort as the smallest (server/applications/lists.ts): NULLS FIRST, both directions.
    CREATE INDEX applications_money ON applications (money NULLS FIRST, id);
    CREATE INDEX applications_sent_in_at ON applications (sent_in_at NULLS FIRST, id);
    -- The decided list's usual sort, largest grant first.
    CREATE INDEX applications_approved_money ON applications (approved_money NULLS FIRST, id);
    CREATE INDEX applications_followups ON applications (followup_at) WHERE followup_sent_in_at IS NULL;
    CREATE INDEX applications_reference_trgm ON applications USING gin (reference gin_trgm_ops);
    CREATE INDEX applications_org_name_trgm ON applications USING gin (org_name gin_trgm_ops);
    CREATE INDEX frontend_users_name_sv ON frontend_users (last_name COLLATE swedish, first_name COLLATE swedish, id);
    -- The whole name as the lists search it (server/applications/lists.ts), so "Anna Ber" finds Anna Berg.
    CREATE INDEX frontend_users_name_trgm ON frontend_users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops);
    CREATE INDEX frontend_users_email_trgm ON frontend_users USING gin (email gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX applications_status_reference, applications_money, applications_sent_in_at, applications_approved_money,
      applications_followups,
      applications_reference_trgm, applications_org_name_trgm, frontend_users_name_sv, frontend_users_name_trgm,
      frontend_users_email_trgm;
  `.execute(db);
}
