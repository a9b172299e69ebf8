import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';

/** A criterion as reviewers read it: its label and guidance in their language. */
export interface Criterion {
  id: number;
  label: string;
  guidance: string | null;
  scale_max: number;
  weight: number;
}

/** The criteria of an application type in their order, in `locale`; none for no type. */
export async function criteriaOf(db: Db, applicationTypeId: number | null, locale: Locale): Promise<Criterion[]> {
  if (applicationTypeId === null) return [];
  const english = locale === 'en-US';
  const rows = await db
    .selectFrom('review_criteria')
    .select(['id', 'label_sv', 'label_en', 'guidance_sv', 'guidance_en', 'scale_max', 'weight'])
    .where('application_type_id', '=', applicationTypeId)
    .orderBy('order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    label: english ? r.label_en : r.label_sv,
    guidance: (english ? r.guidance_en : r.guidance_sv) || null,
    scale_max: r.scale_max,
    weight: r.weight,
  }));
}
