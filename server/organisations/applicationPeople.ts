import type { DraftEdit } from '../db/schema.js';
import type { Db } from '../db/connect.js';

const nameOf = (person: { first_name: string | null; last_name: string | null } | undefined) =>
  person ? [person.first_name, person.last_name].filter(Boolean).join(' ') || null : null;

/**
 * Who of an organisation an application's reader shares it with: the organisation and the reader's role there, who
 * sent it in, and who last changed each field of the draft (named; `mine` for the reader's own changes). A person who
 * erased their account, or is no longer there, is named null ("a former member").
 */
export async function applicationPeople(
  db: Db,
  row: { organisation_id: number | null; sent_in_by: number | null; draft_edits: Record<string, DraftEdit> },
  readerId: number,
) {
  const edits = Object.entries(row.draft_edits ?? {});
  const ids = [...new Set([...edits.map(([, edit]) => edit.by), ...(row.sent_in_by ? [row.sent_in_by] : [])])];
  const [people, organisation] = await Promise.all([
    ids.length
      ? db
          .selectFrom('frontend_users')
          .select(['id', 'first_name', 'last_name'])
          .where('id', 'in', ids)
          .where('closed_at', 'is', null)
          .execute()
      : [],
    row.organisation_id === null
      ? undefined
      : db
          .selectFrom('organisations as o')
          .leftJoin('organisation_members as m', (join) =>
            join.onRef('m.organisation_id', '=', 'o.id').on('m.frontend_user_id', '=', readerId),
          )
          .select(['o.id', 'o.name', 'm.role'])
          .where('o.id', '=', row.organisation_id)
          .executeTakeFirst(),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    organisation: organisation ? { id: organisation.id, name: organisation.name, role: organisation.role ?? null } : null,
    sent_in_by: row.sent_in_by === null ? null : nameOf(byId.get(row.sent_in_by)),
    edits: Object.fromEntries(
      edits.map(([field, edit]) => [field, { by: nameOf(byId.get(edit.by)), at: edit.at, mine: edit.by === readerId }]),
    ),
  };
}
