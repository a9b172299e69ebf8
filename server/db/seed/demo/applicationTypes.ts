import { enums } from '../../../../resources/enums.js';
import type { Db } from '../../connect.js';
import { createSetting } from './createSetting.js';

type FieldType = keyof typeof enums.field_type;
export type TypeKey = 'forening' | 'stipendium';

interface Question {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string[];
}

const question =
  (required: boolean) =>
  (key: string, label: string, type: FieldType, options: string[] = []): Question => ({ key, label, type, required, options });
const required = question(true);
const optional = question(false);

const yesNo = ['Ja', 'Nej'];

/** The two application types and their questions, in order. Each has one long text question and one for a file. */
const applicationTypes: { key: TypeKey; label: string; questions: Question[] }[] = [
  {
    key: 'forening',
    label: 'Bidrag till föreningsliv',
    questions: [
      required('project', 'Projektets namn', 'text'),
      required('description', 'Beskriv projektet och vad ni vill uppnå', 'textarea'),
      required('participants', 'Ungefärligt antal deltagare', 'number'),
      required('activity', 'Typ av verksamhet', 'dropdown', ['Idrott', 'Kultur', 'Friluftsliv', 'Social verksamhet', 'Annat']),
      optional('otherFunding', 'Har ni sökt stöd från andra finansiärer för projektet?', 'radio', yesNo),
      optional('ages', 'Vilka åldrar når projektet?', 'checkbox', ['Under 13 år', '13–19 år', '20–64 år', '65 år och äldre']),
      optional('budget', 'Bifoga projektets budget', 'media'),
    ],
  },
  {
    key: 'stipendium',
    label: 'Stipendium för unga ledare',
    questions: [
      required('age', 'Din ålder', 'number'),
      required('role', 'Ditt ledaruppdrag och i vilken förening', 'text'),
      required('motivation', 'Varför söker du stipendiet och hur vill du använda det?', 'textarea'),
      optional('usage', 'Vad ska stipendiet användas till?', 'checkbox', ['Ledarutbildning', 'Kurser och läger', 'Utrustning', 'Resor']),
      required('previous', 'Har du fått stipendium från stiftelsen tidigare?', 'radio', yesNo),
      optional('recommendation', 'Bifoga ett rekommendationsbrev', 'media'),
    ],
  },
];

/** A type as seeded: its id, and its questions' ids and types by key. */
export interface SeededType {
  id: number;
  questions: Record<string, { id: number; type: FieldType }>;
}

/** The application types and their questions, created as on their settings screens. */
export async function seedApplicationTypes(trx: Db): Promise<Record<TypeKey, SeededType>> {
  const seeded = {} as Record<TypeKey, SeededType>;
  for (const { key, label, questions } of applicationTypes) {
    const type: SeededType = { id: await createSetting(trx, 'application_types', { label }), questions: {} };
    for (const [i, q] of questions.entries()) {
      const id = await createSetting(trx, 'application_type_field_definitions', {
        application_type_id: type.id,
        label: q.label,
        type: enums.field_type[q.type],
        required: q.required,
        options: q.options,
        order: i + 1,
      });
      type.questions[q.key] = { id, type: q.type };
    }
    seeded[key] = type;
  }
  return seeded;
}
