import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ReactNode } from 'react';
import { answerField } from '../../../resources/answerField';
import type { Question, ShownQuestion } from '../../../resources/applicationAnswers';
import { MAX_MONEY } from '../../../resources/money';
import { enums } from '../../../resources/enums';
import { currencyLabel, formatDate } from '../../../resources/format';
import { SWEDISH_PHONE_EXAMPLE } from '../../../resources/validators';
import { MoneyInput } from '../../components/MoneyInput';
import { TextInput } from '../../components/TextInput';
import { langOf, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import { useI18n } from '../../components/i18n';
import { useField } from './FormContext';
import { FilesField } from './FilesField';
import { CheckboxesField, CheckField, helperText, RadioField, SelectField, TextField, type Choice } from './inputs';
import type { Category, OpenPeriod, StoredFile } from './types';

const field = (name: string) => `resources.applications.fields.${name}`;
/** A question as the portal shows it, in the reader's language where it has one; the staff form's as staff wrote it. */
type FormQuestion = Question & Partial<Pick<ShownQuestion, 'option_labels' | 'untranslated'>>;
const enumChoices = (name: keyof typeof enums, t: (key: string) => string): Choice[] =>
  Object.entries(enums[name]).map(([key, value]) => ({ value, label: t(`enums.${name}.${key}`) }));

/** Step 1: the period, the application type, who applies, and the amount. */
export function PeriodStep({ periods }: { periods: OpenPeriod[] }) {
  const { t, locale } = useI18n();
  const period = useField<number>('period_id');
  const money = useField<number | null>('money');
  const chosen = periods.find((p) => p.id === period.value);
  const types = chosen?.application_types ?? [];
  return (
    <Stack spacing={3}>
      <UntranslatedNote shown={someUntranslated([...periods, ...types])} />
      <RadioField
        name="period_id"
        label={t(field('period_id'))}
        required
        choices={periods.map((p) => ({
          value: p.id,
          label: `${p.name} (${t('portal.periods.dates', { start: formatDate(p.start_date, locale), end: formatDate(p.end_date, locale) })})`,
          lang: langOf(locale, p, 'name'),
        }))}
      />
      <RadioField
        name="application_type_id"
        label={t(field('application_type_id'))}
        required
        choices={types.map((type) => ({ value: type.id, label: type.label, lang: langOf(locale, type, 'label') }))}
      />
      <RadioField
        name="applicant_type"
        label={t(field('applicant_type'))}
        required
        choices={enumChoices('applicant_type', t)}
        hint={t('portal.apply.applicant_type_hint')}
      />
      <MoneyInput
        id={money.id}
        name="money"
        label={t(field('money'))}
        required
        value={money.value}
        onChange={(ore) => money.set(ore)}
        onBlur={money.leave}
        locale={locale}
        translate={t}
        min={0}
        max={MAX_MONEY}
        allowNegative={false}
        currencyLabel={currencyLabel(locale)}
        onInvalid={money.setUnreadable}
        keptText={money.unreadable?.text}
        error={!!money.problem}
        helperText={helperText(money.problem ?? t('portal.apply.money_hint'), money.edited)}
        inputProps={{ readOnly: money.readOnly }}
      />
    </Stack>
  );
}

/** One of the application type's own questions, by its field type (`field_type`). */
function QuestionInput({ question, files }: { question: FormQuestion; files: FilesProps }) {
  const { t, locale } = useI18n();
  const name = answerField(question);
  // An answer's value is the option as staff wrote it in Swedish, whatever the applicant reads.
  const optionsLang = langOf(locale, question, 'options');
  const choices = question.options.map((option, i) => ({ value: option, label: question.option_labels?.[i] ?? option, lang: optionsLang }));
  const common = { name, label: question.label, lang: langOf(locale, question, 'label'), required: question.required };
  // Staff write the questions, at any length: a label inside the outline would be cut off on a phone.
  const text = { ...common, labelAbove: true };
  const type = enums.field_type;
  switch (question.type) {
    case type.number:
      return <TextField {...text} type="number" inputMode="decimal" />;
    case type.text:
      return <TextField {...text} />;
    case type.textarea:
      return <TextField {...text} multiline />;
    case type.dropdown:
      return <SelectField {...common} choices={choices} placeholder={t('portal.apply.choose')} />;
    case type.radio:
      return <RadioField {...common} choices={choices} />;
    case type.checkbox:
      return <CheckboxesField {...common} choices={choices} />;
    case type.media:
      return <QuestionFiles question={question} {...files} />;
    default:
      return null;
  }
}

interface FilesProps {
  applicationUuid: string;
  files: StoredFile[];
  maxBytes: number;
  onFiles: (files: StoredFile[]) => void;
}

function QuestionFiles({ question, applicationUuid, files, maxBytes, onFiles }: { question: FormQuestion } & FilesProps) {
  const { locale } = useI18n();
  const answer = useField(answerField(question));
  return (
    <FilesField
      applicationUuid={applicationUuid}
      questionId={question.id}
      label={question.label}
      labelLang={langOf(locale, question, 'label')}
      required={question.required}
      id={answer.id}
      files={files}
      maxBytes={maxBytes}
      onChange={onFiles}
      problem={answer.problem}
      readOnly={answer.readOnly}
    />
  );
}

const categoryTypes = Object.entries(enums.category_type);

/** Step 2: the application type's questions, the categories and the global goals. */
export function QuestionsStep({ questions, categories, ...files }: { questions: FormQuestion[]; categories: Category[] } & FilesProps) {
  const { t, locale } = useI18n();
  const categoryField = useField('category_ids');
  return (
    <Stack spacing={3}>
      <UntranslatedNote shown={someUntranslated([...questions, ...categories])} />
      {questions.length === 0 && <Alert severity="info">{t('portal.apply.no_questions')}</Alert>}
      {questions.map((question) => (
        <QuestionInput key={question.id} question={question} files={files} />
      ))}
      <Box id={categoryField.id} tabIndex={-1}>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t(field('category_ids'))}
        </Typography>
        <Typography sx={{ mb: 2 }} color="text.secondary">
          {t('portal.apply.categories_hint')}
          {categoryField.edited && (
            <Box component="span" sx={{ display: 'block', typography: 'caption' }}>
              {categoryField.edited}
            </Box>
          )}
        </Typography>
        <Stack spacing={2}>
          {categoryTypes.map(([key, code]) => {
            const choices = categories
              .filter((c) => c.type === code)
              .map((c) => ({ value: c.id, label: c.label, lang: langOf(locale, c, 'label') }));
            return choices.length ? (
              <CheckboxesField
                key={key}
                name="category_ids"
                part={key}
                label={t(`enums.category_type.${key}`)}
                choices={choices}
                columns={2}
              />
            ) : null;
          })}
        </Stack>
      </Box>
      <CheckboxesField
        name="global_goals"
        label={t(field('global_goals'))}
        hint={t('portal.apply.global_goals_hint')}
        choices={enumChoices('global_goal', t)}
        columns={2}
      />
    </Stack>
  );
}

/**
 * Step 3: the organisation, its name filled in from the foundation's register when it is known there; `standing`, what
 * the portal says below the number of where the applicant stands towards the organisation's people.
 */
export function OrganisationStep({
  lookup,
  lookupNote,
  standing,
}: {
  lookup: (orgNumber: string) => void;
  lookupNote: string | null;
  standing?: ReactNode;
}) {
  const { t } = useI18n();
  const applicantType = useField<number | null>('applicant_type');
  const orgNumber = useField<string>('org_number');
  if (applicantType.value === enums.applicant_type.contact_person)
    return <Alert severity="info">{t('portal.apply.no_organisation')}</Alert>;
  return (
    <Stack spacing={2}>
      <TextInput
        id={orgNumber.id}
        name="org_number"
        label={t(field('org_number'))}
        required
        value={orgNumber.value ?? ''}
        onChange={(event) => orgNumber.set(event.target.value)}
        onBlur={() => {
          orgNumber.leave();
          lookup(orgNumber.value ?? '');
        }}
        error={!!orgNumber.problem}
        helperText={helperText(orgNumber.problem ?? lookupNote ?? t('portal.apply.org_number_hint'), orgNumber.edited)}
        readOnly={orgNumber.readOnly}
        inputProps={{ inputMode: 'numeric', 'aria-invalid': !!orgNumber.problem }}
      />
      {standing}
      <TextField name="org_name" label={t(field('org_name'))} required autoComplete="organization" />
      <RadioField name="organisation_type" label={t(field('organisation_type'))} required choices={enumChoices('organisation_type', t)} />
      <TextField name="org_address" label={t(field('org_address'))} autoComplete="off" />
      <TextField name="org_co" label={t(field('org_co'))} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
        <TextField name="org_zip" label={t(field('org_zip'))} required inputMode="numeric" />
        <TextField name="org_city" label={t(field('org_city'))} required />
      </Box>
      <TextField name="org_website" label={t(field('org_website'))} type="url" inputMode="url" hint={t('portal.apply.website_hint')} />
    </Stack>
  );
}

/** Step 4: the contact person. */
export function ContactStep() {
  const { t } = useI18n();
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField name="contact_first_name" label={t(field('contact_first_name'))} required autoComplete="given-name" />
        <TextField name="contact_last_name" label={t(field('contact_last_name'))} required autoComplete="family-name" />
      </Box>
      <TextField name="contact_email" label={t(field('contact_email'))} required type="email" autoComplete="email" inputMode="email" />
      <TextField
        name="contact_email_confirmation"
        label={t(field('contact_email_confirmation'))}
        required
        type="email"
        inputMode="email"
        hint={t('portal.apply.email_twice')}
      />
      <TextField
        name="contact_phone"
        label={t(field('contact_phone'))}
        required
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('portal.apply.phone_hint', { example: SWEDISH_PHONE_EXAMPLE })}
      />
      <TextField name="contact_address" label={t(field('contact_address'))} autoComplete="street-address" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
        <TextField name="contact_zip" label={t(field('contact_zip'))} required autoComplete="postal-code" inputMode="numeric" />
        <TextField name="contact_city" label={t(field('contact_city'))} required autoComplete="address-level2" />
      </Box>
    </Stack>
  );
}

/** The list of web addresses of step 5, one field each, with adding and removing. */
function LinksField() {
  const { t } = useI18n();
  const links = useField<string[]>('links');
  const list = links.value?.length ? links.value : [''];
  const set = (index: number, value: string) => links.set(list.map((l, i) => (i === index ? value : l)));
  return (
    <Box component="fieldset" id={links.id} tabIndex={-1} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" color={links.problem ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
        {t(field('links'))}
      </Typography>
      <Stack spacing={1}>
        {list.map((link, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextInput
              label={t('portal.apply.link', { n: index + 1 })}
              type="url"
              value={link}
              onChange={(event) => set(index, event.target.value)}
              onBlur={links.leave}
              readOnly={links.readOnly}
              inputProps={{ inputMode: 'url' }}
            />
            {!links.readOnly && list.length > 1 && (
              <IconButton
                aria-label={t('portal.apply.remove_link', { n: index + 1 })}
                onClick={() => links.set(list.filter((_, i) => i !== index))}
                sx={{ mt: 1 }}
              >
                <DeleteOutline />
              </IconButton>
            )}
          </Box>
        ))}
      </Stack>
      <Typography variant="caption" color={links.problem ? 'error' : 'text.secondary'} sx={{ display: 'block', my: 0.5 }}>
        {helperText(links.problem ?? t('portal.apply.links_hint'), links.edited)}
      </Typography>
      {!links.readOnly && list.length < 20 && <Button onClick={() => links.set([...list, ''])}>{t('portal.apply.add_link')}</Button>}
    </Box>
  );
}

/** Step 5: links, files and consent. */
export function AttachmentsStep(files: FilesProps) {
  const { t } = useI18n();
  const attachments = useField('files');
  return (
    <Stack spacing={3}>
      <LinksField />
      {/* Files belong to an application that exists: the staff form's new one gets them after saving. */}
      {files.applicationUuid && (
        <FilesField
          applicationUuid={files.applicationUuid}
          questionId={null}
          label={t('portal.apply.attachments')}
          id={attachments.id}
          files={files.files}
          maxBytes={files.maxBytes}
          onChange={files.onFiles}
          readOnly={attachments.readOnly}
        />
      )}
      <Box>
        <Typography sx={{ mb: 1 }}>{t('portal.apply.consent_text')}</Typography>
        <CheckField name="consent" label={t('portal.apply.consent')} />
      </Box>
    </Stack>
  );
}
