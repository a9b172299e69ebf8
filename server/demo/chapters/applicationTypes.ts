import { enums } from '../../../resources/enums.js';
import type { Db } from '../../db/connect.js';
import { createSetting } from './createSetting.js';

type FieldType = keyof typeof enums.field_type;
export type TypeKey = 'forening' | 'stipendium';

/** A text in Swedish and English, as staff write it on the settings screens. */
type Texts = [sv: string, en: string];

interface Question {
  key: string;
  label: Texts;
  type: FieldType;
  required: boolean;
  options: Texts[];
}

const question =
  (required: boolean) =>
  (key: string, label: Texts, type: FieldType, options: Texts[] = []): Question => ({ key, label, type, required, options });
const required = question(true);
const optional = question(false);

const yesNo: Texts[] = [
  ['Ja', 'Yes'],
  ['Nej', 'No'],
];

/** The two application types and their questions, in order. Each has one long text question and one for a file. */
const applicationTypes: { key: TypeKey; label: Texts; questions: Question[] }[] = [
  {
    key: 'forening',
    label: ['Bidrag till föreningsliv', 'Grant for community associations'],
    questions: [
      required('project', ['Projektets namn', 'Name of the project'], 'text'),
      required('description', ['Beskriv projektet och vad ni vill uppnå', 'Describe the project and what you want to achieve'], 'textarea'),
      required('participants', ['Ungefärligt antal deltagare', 'Approximate number of participants'], 'number'),
      required('activity', ['Typ av verksamhet', 'Kind of activity'], 'dropdown', [
        ['Idrott', 'Sports'],
        ['Kultur', 'Culture'],
        ['Friluftsliv', 'Outdoor life'],
        ['Social verksamhet', 'Social work'],
        ['Annat', 'Other'],
      ]),
      optional(
        'otherFunding',
        ['Har ni sökt stöd från andra finansiärer för projektet?', 'Have you asked other funders to support the project?'],
        'radio',
        yesNo,
      ),
      optional('ages', ['Vilka åldrar når projektet?', 'Which ages does the project reach?'], 'checkbox', [
        ['Under 13 år', 'Under 13'],
        ['13–19 år', '13–19'],
        ['20–64 år', '20–64'],
        ['65 år och äldre', '65 and older'],
      ]),
      optional('budget', ['Bifoga projektets budget', 'Attach the project’s budget'], 'media'),
    ],
  },
  {
    key: 'stipendium',
    label: ['Stipendium för unga ledare', 'Scholarship for young leaders'],
    questions: [
      required('age', ['Din ålder', 'Your age'], 'number'),
      required('role', ['Ditt ledaruppdrag och i vilken förening', 'Your role as a leader, and in which association'], 'text'),
      required(
        'motivation',
        ['Varför söker du stipendiet och hur vill du använda det?', 'Why do you apply for the scholarship, and how do you want to use it?'],
        'textarea',
      ),
      optional('usage', ['Vad ska stipendiet användas till?', 'What is the scholarship to be used for?'], 'checkbox', [
        ['Ledarutbildning', 'Leadership training'],
        ['Kurser och läger', 'Courses and camps'],
        ['Utrustning', 'Equipment'],
        ['Resor', 'Travel'],
      ]),
      required(
        'previous',
        ['Har du fått stipendium från stiftelsen tidigare?', 'Have you had a scholarship from the foundation before?'],
        'radio',
        yesNo,
      ),
      optional('recommendation', ['Bifoga ett rekommendationsbrev', 'Attach a letter of recommendation'], 'media'),
    ],
  },
];

/** A type as seeded: its id, and its questions' ids and types by key. */
export interface SeededType {
  id: number;
  questions: Record<string, { id: number; type: FieldType }>;
}

/** The application types and their questions, created as on their settings screens, in Swedish and English. */
export async function seedApplicationTypes(trx: Db): Promise<Record<TypeKey, SeededType>> {
  const seeded = {} as Record<TypeKey, SeededType>;
  for (const { key, label, questions } of applicationTypes) {
    const type: SeededType = {
      id: await createSetting(trx, 'application_types', { label: label[0], label_en: label[1] }),
      questions: {},
    };
    for (const [i, q] of questions.entries()) {
      const id = await createSetting(trx, 'application_type_field_definitions', {
        application_type_id: type.id,
        label: q.label[0],
        label_en: q.label[1],
        type: enums.field_type[q.type],
        required: q.required,
        options: q.options.map(([sv]) => sv),
        options_en: q.options.map(([, en]) => en),
        order: i + 1,
      });
      type.questions[q.key] = { id, type: q.type };
    }
    seeded[key] = type;
  }
  return seeded;
}
