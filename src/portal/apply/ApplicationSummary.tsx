import { Alert, Box, LinearProgress, Link, Typography } from '@mui/material';
import { Fragment } from 'react';
import { answerField } from '../../../resources/applicationAnswers';
import { applications, STEPS } from '../../../resources/applications';
import { enums, enumLabel } from '../../../resources/enums';
import type { Field } from '../../../resources/fields';
import { formatDate, formatMoney } from '../../../resources/format';
import { plainText } from '../../../resources/plainText';
import { applies } from '../../../resources/validate';
import { useI18n } from '../../components/i18n';
import { langOf, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import type { StoredFile } from '../../forms/application/types';
import { fileUrl, portalReads, useRead } from '../portalApi';

const stepKeys = ['period', 'questions', 'organisation', 'contact', 'attachments'] as const;
const { approved, rejected } = enums.application_status;

/**
 * The decision-basis view: what the applicant sent in, step by step, read-only, and the decision once they may see it.
 * What staff wrote (the period, type, questions, options and categories) in the reader's language where it has it.
 */
export default function ApplicationSummary({ uuid }: { uuid: string }) {
  const { t, locale } = useI18n();
  const application = useRead(portalReads.application(uuid), locale);
  const categories = useRead(portalReads.categories(), locale);
  if (application.error) return <Alert severity="error">{application.error.message}</Alert>;
  if (!application.data || !categories.data) return <LinearProgress aria-label={t('portal.loading')} />;
  const form = application.data;
  const categoryOf = (id: number) => categories.data!.find((c) => c.id === id);
  const chosenCategories = form.category_ids.map(categoryOf);

  const fileLinks = (files: StoredFile[]) =>
    files.length ? (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {files.map((file) => (
          <li key={file.uuid}>
            <Link href={fileUrl(form.uuid, file.uuid)} download={file.name}>
              {file.name}
            </Link>
          </li>
        ))}
      </Box>
    ) : (
      '–'
    );

  const show = (field: Field): React.ReactNode => {
    const value = form[field.name];
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '–';
    switch (field.name) {
      case 'period_id':
        return <span lang={langOf(locale, form.period, 'name')}>{form.period.name}</span>;
      case 'application_type_id':
        return <span lang={langOf(locale, form, 'application_type')}>{form.application_type}</span>;
      case 'money':
        return formatMoney(value as number, locale);
      case 'category_ids':
        return chosenCategories
          .filter((c) => c !== undefined)
          .map((c, i) => (
            <Fragment key={c.id}>
              {i > 0 && ', '}
              <span lang={langOf(locale, c, 'label')}>{c.label}</span>
            </Fragment>
          ));
      case 'consent':
        return value ? t('portal.summary.yes') : t('portal.summary.no');
    }
    if (field.kind === 'enum') return enumLabel(t, field.enumName, value as number | null);
    if (field.kind === 'enumSet') return (value as number[]).map((code) => enumLabel(t, field.enumName, code)).join(', ');
    if (Array.isArray(value)) return value.join(', ');
    return plainText(value);
  };

  const rows = (step: number) => {
    const list: { label: string; lang?: string; value: React.ReactNode }[] = applications.fields
      .filter((f) => f.step === step && !f.name.endsWith('_confirmation') && applies(f, form))
      .map((f) => ({
        label: t(f.name === 'consent' ? 'portal.summary.consent' : `resources.applications.fields.${f.name}`),
        value: show(f),
      }));
    if (step === 2) {
      const answers = form.questions.map((q) => {
        const answer = form.definitions[String(q.id)];
        // A chosen option is kept as staff wrote it in Swedish, and read as its label.
        const optionLabel = (value: unknown) => q.option_labels[q.options.indexOf(value as string)] ?? plainText(value);
        const chosen = (values: unknown[]) => <span lang={langOf(locale, q, 'options')}>{values.map(optionLabel).join(', ')}</span>;
        const value =
          q.type === enums.field_type.media
            ? fileLinks(form.files.filter((f) => f.field_definition_id === q.id))
            : Array.isArray(answer)
              ? chosen(answer)
              : answer === null || answer === undefined || answer === ''
                ? '–'
                : q.options.length
                  ? chosen([answer])
                  : plainText(answer);
        return { label: q.label, lang: langOf(locale, q, 'label'), value, key: answerField(q) };
      });
      list.unshift(...answers);
    }
    if (step === 5)
      list.push({ label: t('portal.apply.attachments'), value: fileLinks(form.files.filter((f) => f.field_definition_id === null)) });
    return list;
  };

  return (
    <Box>
      {(form.status === approved || form.status === rejected) && (
        <Alert severity={form.status === approved ? 'success' : 'info'} sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('portal.summary.decision')}
          </Typography>
          {form.status === approved
            ? t('portal.summary.approved', { amount: formatMoney(form.approved_money, locale) })
            : t('portal.summary.rejected')}
        </Alert>
      )}
      {form.sent_in_at && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('portal.summary.sent_in', { date: formatDate(form.sent_in_at, locale), reference: form.reference ?? '' })}
        </Typography>
      )}
      <UntranslatedNote shown={someUntranslated([form, form.period, ...form.questions, ...chosenCategories])} mb={1} />
      {STEPS.map((step) => (
        <Box key={step} component="section" sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t(`portal.apply.steps.${stepKeys[step - 1]}`)}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, 1fr) 2fr' }, columnGap: 2, m: 0 }}
          >
            {rows(step).map((row) => (
              <Fragment key={row.label}>
                <Typography component="dt" color="text.secondary" sx={{ mt: 1 }} lang={row.lang}>
                  {row.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mt: { xs: 0, sm: 1 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {row.value}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
