import { enums } from '../../../../resources/enums.js';
import type { Db } from '../../connect.js';
import { createSetting } from './createSetting.js';

const categories: Record<keyof typeof enums.category_type, string[]> = {
  target_group: ['Barn och unga', 'Äldre', 'Personer med funktionsnedsättning', 'Nyanlända'],
  purpose: ['Ökad delaktighet', 'Folkhälsa och rörelse', 'Kultur och skapande', 'Trygghet och gemenskap'],
  geographic_area: ['Luleå', 'Piteå', 'Boden', 'Kalix', 'Överkalix'],
  focus_area: ['Idrott och friluftsliv', 'Kultur och kulturarv', 'Miljö och hållbarhet', 'Utbildning och entreprenörskap'],
};

/** The categories of the four types, created as on their settings screen; answers their ids by label. */
export async function seedCategories(trx: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [type, labels] of Object.entries(categories) as [keyof typeof categories, string[]][]) {
    for (const label of labels) ids.set(label, await createSetting(trx, 'categories', { label, type: enums.category_type[type] }));
  }
  return ids;
}
