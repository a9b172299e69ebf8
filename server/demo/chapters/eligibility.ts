import { enums } from '../../../resources/enums.js';
import type { Db } from '../../db/connect.js';
import { stockholmDay } from '../../clock.js';
import { replaceQuestions } from '../../eligibility/questions.js';
import { countStop } from '../../eligibility/stops.js';
import type { DemoCalendar } from './calendar.js';
import { createSetting } from './createSetting.js';

/**
 * A third application type with an eligibility check ("Vem får söka"), in this year's period: a grant for local
 * development that only non-profit associations in the area, with a board, may apply for. A newcomer meets the check
 * in the portal, edits it on the type's page and sees in the statistics how many stopped at each question (those
 * counts seeded over the past weeks). None of the demo's applications is of this type, so every journey that starts
 * one of the other two types goes on as before.
 */
export async function seedEligibility(trx: Db, calendar: DemoCalendar, openPeriodId: number) {
  const typeId = await createSetting(trx, 'application_types', {
    label: 'Lokalt utvecklingsbidrag',
    label_en: 'Local development grant',
  });
  const fields: [sv: string, en: string, type: number][] = [
    ['Projektets namn', 'Name of the project', enums.field_type.text],
    ['Vad ska bygden få ut av projektet?', 'What will the area gain from the project?', enums.field_type.textarea],
  ];
  for (const [i, [label, label_en, type]] of fields.entries())
    await createSetting(trx, 'application_type_field_definitions', {
      application_type_id: typeId,
      label,
      label_en,
      type,
      required: true,
      options: [],
      options_en: [],
      order: i + 1,
    });
  await trx.insertInto('period_application_types').values({ period_id: openPeriodId, application_type_id: typeId }).execute();

  const [area, board] = await replaceQuestions(
    trx,
    typeId,
    [
      {
        question: 'Är ni en ideell förening med säte i verksamhetsområdet?',
        question_en: 'Are you a non-profit association based in the foundation’s area?',
        kind: 'yes_no',
        disqualifying: ['no'],
        explanation:
          'Lokalt utvecklingsbidrag går bara till ideella föreningar med säte i Norrbygden. Andra kan söka stiftelsens övriga bidrag.',
        explanation_en:
          'The local development grant goes only to non-profit associations based in Norrbygden. Others may apply for the foundation’s other grants.',
      },
      {
        question: 'Har föreningen en vald styrelse och ett organisationsnummer?',
        question_en: 'Does the association have an elected board and an organisation number?',
        kind: 'choice',
        options: [
          { value: 'both', label: 'Ja, båda', label_en: 'Yes, both' },
          { value: 'board_only', label: 'Styrelse men inget organisationsnummer än', label_en: 'A board but no organisation number yet' },
          { value: 'neither', label: 'Nej', label_en: 'No' },
        ],
        disqualifying: ['board_only', 'neither'],
        explanation:
          'Stiftelsen betalar bara ut till föreningar med organisationsnummer och vald styrelse. Skaffa organisationsnummer hos Skatteverket och sök igen.',
        explanation_en:
          'The foundation pays only associations with an organisation number and an elected board. Get an organisation number from the Swedish Tax Agency and apply again.',
      },
    ],
    calendar.daysAgo(30),
  );
  // Who stopped over the past weeks, as the statistics count them.
  for (const [daysAgo, question, times] of [
    [20, area, 3],
    [12, board, 2],
    [5, area, 1],
  ] as const)
    for (let i = 0; i < times; i += 1)
      await countStop(trx, { applicationTypeId: typeId, question, periodId: openPeriodId, day: stockholmDay(calendar.daysAgo(daysAgo)) });
  return typeId;
}
