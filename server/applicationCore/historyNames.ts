import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';

// The history keeps ids, as they were when it happened; staff read names. What an entry holds by id is named here,
// as the criteria, questions, categories, periods and types are named now (one gone is null): a review's scores by
// criterion, a correction's changed answers by question, and its period, type and categories.

type Values = Record<string, unknown> | null;
interface Raw {
  action: string;
  before: Values;
  after: Values;
}

/** A review's scores as the history stores them: criterion id → score. */
const scoresOf = (values: Values) =>
  values && typeof values.scores === 'object' && values.scores !== null ? (values.scores as Record<string, number>) : null;
const idsOf = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);
const answersOf = (values: Values) =>
  values && typeof values.definitions === 'object' && values.definitions !== null ? (values.definitions as Record<string, unknown>) : null;

/** The ids of the questions whose answers a correction changed. */
function changedQuestions(entry: Raw): number[] {
  const [before, after] = [answersOf(entry.before) ?? {}, answersOf(entry.after) ?? {}];
  if (!answersOf(entry.before) && !answersOf(entry.after)) return [];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((id) => JSON.stringify(before[id] ?? null) !== JSON.stringify(after[id] ?? null))
    .map(Number);
}

async function namesOf(
  db: Db,
  table: 'review_criteria' | 'application_type_field_definitions' | 'categories',
  ids: number[],
  locale: Locale,
) {
  if (!ids.length) return new Map<number, string>();
  const rows =
    table === 'review_criteria'
      ? await db
          .selectFrom('review_criteria')
          .select(['id', locale === 'en-US' ? 'label_en as label' : 'label_sv as label'])
          .where('id', 'in', ids)
          .execute()
      : await db.selectFrom(table).select(['id', 'label']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.label]));
}

async function periodAndTypeNames(db: Db, periods: number[], types: number[]) {
  const [p, t] = await Promise.all([
    periods.length ? db.selectFrom('periods').select(['id', 'name as label']).where('id', 'in', periods).execute() : [],
    types.length ? db.selectFrom('application_types').select(['id', 'label']).where('id', 'in', types).execute() : [],
  ]);
  return { periods: new Map(p.map((r) => [r.id, r.label])), types: new Map(t.map((r) => [r.id, r.label])) };
}

/** Each entry with what it holds by id named, in `locale` where the name has languages. */
export async function namedHistory<E extends Raw>(db: Db, entries: E[], locale: Locale): Promise<E[]> {
  const sides = entries.flatMap((e) => [e.before, e.after]);
  const criteria = sides.flatMap((v) => Object.keys(scoresOf(v) ?? {}).map(Number));
  const edits = entries.filter((e) => e.action === 'edited');
  const questions = edits.flatMap(changedQuestions);
  const editSides = edits.flatMap((e) => [e.before, e.after]);
  const periodIds = editSides.flatMap((v) => (typeof v?.period_id === 'number' ? [v.period_id] : []));
  const typeIds = editSides.flatMap((v) => (typeof v?.application_type_id === 'number' ? [v.application_type_id] : []));
  const categoryIds = editSides.flatMap((v) => idsOf(v?.category_ids));
  const [criterionNames, questionNames, categoryNames, { periods, types }] = await Promise.all([
    namesOf(db, 'review_criteria', [...new Set(criteria)], locale),
    namesOf(db, 'application_type_field_definitions', [...new Set(questions)], locale),
    namesOf(db, 'categories', [...new Set(categoryIds)], locale),
    periodAndTypeNames(db, [...new Set(periodIds)], [...new Set(typeIds)]),
  ]);

  const named = (values: Values, edit: boolean): Values => {
    if (!values) return values;
    const out: Record<string, unknown> = { ...values };
    const scores = scoresOf(values);
    if (scores) {
      out.scores = Object.entries(scores).map(([id, score]) => ({ criterion: criterionNames.get(Number(id)) ?? null, score }));
    }
    if (edit) {
      const name = (map: Map<number, string>, id: unknown) => (typeof id === 'number' ? (map.get(id) ?? null) : null);
      if ('period_id' in values) [out.period, out.period_id] = [name(periods, values.period_id), undefined];
      if ('application_type_id' in values)
        [out.application_type, out.application_type_id] = [name(types, values.application_type_id), undefined];
      if ('category_ids' in values)
        [out.categories, out.category_ids] = [idsOf(values.category_ids).map((id) => categoryNames.get(id) ?? null), undefined];
      delete out.definitions;
    }
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out;
  };
  return entries.map((entry) => {
    const edit = entry.action === 'edited';
    const before = named(entry.before, edit);
    const after = named(entry.after, edit);
    // A correction's answers: which questions changed, named; their values stay in the application's own record.
    const answered = edit ? changedQuestions(entry) : [];
    if (answered.length && after) after.answers = answered.map((id) => questionNames.get(id) ?? null);
    return { ...entry, before, after };
  });
}
