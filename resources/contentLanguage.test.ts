import { describe, expect, it } from 'vitest';
import { optionsIn, shownIn, textIn } from './contentLanguage';
import { resourceList } from './index';
import { validateRecord } from './validate';
import { applicationTypeFieldDefinitions } from './applicationTypeFieldDefinitions';

describe('the text a reader reads', () => {
  it('is the English one for an English reader, the Swedish one where the English is blank, and says which', () => {
    expect(textIn('en-US', 'Din ålder', 'Your age')).toEqual({ text: 'Your age', fallback: false });
    expect(textIn('sv-SE', 'Din ålder', 'Your age')).toEqual({ text: 'Din ålder', fallback: false });
    for (const blank of [null, undefined, '', '  \n'])
      expect(textIn('en-US', 'Din ålder', blank)).toEqual({ text: 'Din ålder', fallback: true });
    // Grant conditions need neither language: a Swedish reader gets the English where the Swedish is blank.
    expect(textIn('sv-SE', null, 'Conditions')).toEqual({ text: 'Conditions', fallback: true });
    expect(textIn('en-US', null, '')).toEqual({ text: '', fallback: false });
  });

  it('shows a record’s texts from their English twins, naming those left in Swedish, and keeps a text blank in both', () => {
    const faq = { id: 3, question: 'När?', question_en: 'When?', answer: 'I maj.', answer_en: null };
    expect(shownIn('en-US', faq, ['question', 'answer'])).toEqual({ id: 3, question: 'When?', answer: 'I maj.', untranslated: ['answer'] });
    expect(shownIn('sv-SE', faq, ['question', 'answer'])).toEqual({ id: 3, question: 'När?', answer: 'I maj.', untranslated: [] });
    expect(shownIn('en-US', { title: null, title_en: null }, ['title'])).toEqual({ title: null, untranslated: [] });
  });

  it('reads the English options only whole, one for each Swedish option', () => {
    expect(optionsIn('en-US', ['Ja', 'Nej'], ['Yes', 'No'])).toEqual({ labels: ['Yes', 'No'], fallback: false });
    expect(optionsIn('sv-SE', ['Ja', 'Nej'], ['Yes', 'No'])).toEqual({ labels: ['Ja', 'Nej'], fallback: false });
    for (const partial of [[], ['Yes'], ['Yes', ' '], null])
      expect(optionsIn('en-US', ['Ja', 'Nej'], partial)).toEqual({ labels: ['Ja', 'Nej'], fallback: true });
    expect(optionsIn('en-US', [], [])).toEqual({ labels: [], fallback: false });
  });
});

describe('the English twins of the declarations', () => {
  it('are optional, beside a Swedish field of the same declaration, and the settings refuse options of another count', () => {
    const twins = resourceList.flatMap((resource) => resource.fields.filter((f) => f.translates).map((f) => ({ resource, f })));
    expect(twins.map(({ resource, f }) => `${resource.name}.${f.name}`).sort()).toEqual([
      'application-type-field-definitions.label_en',
      'application-type-field-definitions.options_en',
      'application-types.label_en',
      'categories.label_en',
      'contacts.title_en',
      'faqs.answer_en',
      'faqs.question_en',
      'periods.grant_conditions_en',
      'periods.name_en',
    ]);
    for (const { resource, f } of twins) {
      const original = resource.fields.find((o) => o.name === f.translates)!;
      expect(f.required, f.name).toBeFalsy();
      expect(f.kind).toBe(original.kind);
      expect(f.maxLength).toBe(original.maxLength);
    }
    const question = { label: 'Välj', type: 30, application_type_id: 1, options: ['Ja', 'Nej'] };
    expect(validateRecord(applicationTypeFieldDefinitions, { ...question, options_en: ['Yes'] })).toEqual({
      options_en: [{ key: 'validation.same_count', params: { other: 'options', count: 2 } }],
    });
    expect(validateRecord(applicationTypeFieldDefinitions, { ...question, options_en: ['Yes', 'No'] })).toEqual({});
    expect(validateRecord(applicationTypeFieldDefinitions, { ...question, options_en: [] })).toEqual({});
  });
});
