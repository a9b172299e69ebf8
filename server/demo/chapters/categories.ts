import { enums } from '../../../resources/enums.js';
import type { Db } from '../../db/connect.js';
import { createSetting } from './createSetting.js';

/** Each category's name in Swedish and English; a place's is the same in both, written twice so it reads as English. */
const categories: Record<keyof typeof enums.category_type, [sv: string, en: string][]> = {
  target_group: [
    ['Barn och unga', 'Children and young people'],
    ['Äldre', 'Older people'],
    ['Personer med funktionsnedsättning', 'People with disabilities'],
    ['Nyanlända', 'Newly arrived'],
  ],
  purpose: [
    ['Ökad delaktighet', 'Greater participation'],
    ['Folkhälsa och rörelse', 'Public health and exercise'],
    ['Kultur och skapande', 'Culture and creativity'],
    ['Trygghet och gemenskap', 'Safety and community'],
  ],
  geographic_area: ['Luleå', 'Piteå', 'Boden', 'Kalix', 'Överkalix'].map((place): [string, string] => [place, place]),
  focus_area: [
    ['Idrott och friluftsliv', 'Sports and outdoor life'],
    ['Kultur och kulturarv', 'Culture and heritage'],
    ['Miljö och hållbarhet', 'Environment and sustainability'],
    ['Utbildning och entreprenörskap', 'Education and entrepreneurship'],
  ],
};

/** The categories of the four types, created as on their settings screen; answers their ids by Swedish name. */
export async function seedCategories(trx: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [type, names] of Object.entries(categories) as [keyof typeof categories, [string, string][]][]) {
    for (const [label, label_en] of names)
      ids.set(label, await createSetting(trx, 'categories', { label, label_en, type: enums.category_type[type] }));
  }
  return ids;
}
