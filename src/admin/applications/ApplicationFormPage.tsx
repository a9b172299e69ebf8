import { Box, Button, Card, CardContent, LinearProgress, Alert, Stack, Typography } from '@mui/material';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { HttpError, Title, useI18nProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { answerField } from '../../../resources/applicationAnswers';
import { enums } from '../../../resources/enums';
import { applications } from '../../../resources/applications';
import { usePageTitle } from '../../components/usePageTitle';
import { errorBody } from '../../providers/dataProvider';
import { FormContext, type FormApi } from '../../forms/application/FormContext';
import { AttachmentsStep, ContactStep, OrganisationStep, PeriodStep, QuestionsStep } from '../../forms/application/steps';
import type { FormValues, StoredFile } from '../../forms/application/types';
import { formProblems } from '../../forms/application/validation';
import { I18nContext } from '../../components/i18n';
import { staffFiles } from '../providers';
import { applicationScope, useApplicationMutation, useStaffQuery } from '../useStaffQuery';
import { ApplicationFormApplicant, type ApplicantChoice } from './ApplicationFormApplicant';
import { ApplicationFormProblems, type Problem } from './ApplicationFormProblems';

/** The form's fields (every step's) and the answers, as the staff view gives them and the API takes them. */
const formFields = [...applications.fields.filter((f) => f.step).map((f) => f.name), 'definitions'];
const blank: FormValues = { category_ids: [], global_goals: [], definitions: {}, links: [], consent: false };

/**
 * The staff form that adds an application or edits one: the applicant's five steps as
 * sections, checked as the portal checks them; the server has the last word and its problems show beside the fields.
 */
export default function ApplicationFormPage() {
  const { uuid } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const name = translate('resources.applications.name', { smart_count: 1 }).toLocaleLowerCase();
  const title = translate(uuid ? 'app.resource.edit_title' : 'app.resource.create_title', { name });
  usePageTitle(title);
  const [values, setValues] = useState<FormValues | null>(uuid ? null : blank);
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [applicant, setApplicant] = useState<ApplicantChoice>({});
  const [reference, setReference] = useState<string | null>(null);
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const top = useRef<HTMLDivElement>(null);
  const i18nProvider = useI18nProvider();

  const { data: options, error: optionsError } = useStaffQuery(['application-form'], 'applicationFormOptions', []);
  // The application as the server has it now (not a copy read earlier), so the form starts from what is saved.
  const stored = useStaffQuery(applicationScope(uuid ?? ''), 'getApplication', [uuid ?? ''], { enabled: !!uuid, refetchOnMount: 'always' });
  const failure = (optionsError ?? stored.error)?.message;
  // Filled once per application: from new to the saved one's address the page may stay mounted, and takes its values.
  // Set during render once the answer is in (https://react.dev/learn/you-might-not-need-an-effect).
  const [loaded, setLoaded] = useState<string>();
  if (uuid && stored.data && !stored.isFetching && loaded !== uuid) {
    const data = stored.data;
    setValues(Object.fromEntries(Object.entries(data).filter(([key]) => formFields.includes(key))));
    setFiles(data.files ?? []);
    setReference(data.reference);
    setLoaded(uuid);
  }
  const saving = useApplicationMutation(uuid ?? '', (dataProvider, value: FormValues) => dataProvider.saveApplication(uuid ?? null, value));

  const questions = useMemo(() => options?.questions[String(values?.application_type_id)] ?? [], [options, values?.application_type_id]);
  const local = useMemo<Record<string, string>>(() => {
    if (!values) return {};
    // A new application's files come after saving, so its media questions are not asked yet.
    const asked = uuid ? questions : questions.filter((q) => q.type !== enums.field_type.media);
    return Object.fromEntries(formProblems(values, asked, files, translate).map((p) => [p.field, p.message]));
  }, [values, questions, files, translate, uuid]);

  // The title, with the reference once it is known, is the page's h1 in the app bar.
  const heading = <Title title={reference ? `${title} ${reference}` : title} />;
  if (failure)
    return (
      <>
        {heading}
        <Alert severity="error">{failure}</Alert>
      </>
    );
  if (!options || !values)
    return (
      <>
        {heading}
        <LinearProgress aria-label={translate('app.loading')} />
      </>
    );

  const form: FormApi = {
    values,
    readOnly: false,
    change: (field, next) => {
      setServerErrors(({ [field]: _, ...rest }) => rest);
      setValues((current) =>
        field.startsWith('definitions.')
          ? { ...current, definitions: { ...(current!.definitions as object), [field.slice(12)]: next } }
          : { ...current, [field]: next },
      );
    },
    leave: (field) => setLeft((seen) => new Set(seen).add(field)),
    problem: (field) => serverErrors[field] ?? (left.has(field) ? local[field] : undefined),
    files: staffFiles,
  };
  const labelOf = (field: string) =>
    questions.find((q) => answerField(q) === field)?.label ??
    translate(`resources.applications.fields.${field.replace(/^applicant\./, '')}`, {
      _: translate(`attributes.${field.split('.').pop()}`, { _: field }),
    });
  const problems: Problem[] = Object.entries(serverErrors).map(([field, message]) => ({ field, label: labelOf(field), message }));

  const save = async () => {
    try {
      const saved = await saving.mutateAsync(uuid ? values : { ...values, ...applicant });
      notify(uuid ? 'app.application_form.saved' : 'app.application_form.created', {
        type: 'success',
        messageArgs: { reference: saved.reference },
      });
      void navigate(uuid ? '/applications' : `/application-form/${saved.uuid}`);
    } catch (error) {
      const errors: Record<string, string> | undefined = error instanceof HttpError ? errorBody(error)?.errors : undefined;
      if (errors) {
        setServerErrors(errors);
        setTimeout(() => top.current?.focus());
      } else notify((error as Error).message, { type: 'error' });
    }
  };

  const periods = options.periods.map((p) => (p.closed ? { ...p, name: `${p.name} – ${translate('app.application_form.closed')}` } : p));
  const fileProps = { applicationUuid: uuid ?? '', files, maxBytes: options.upload_max_bytes, onFiles: setFiles };
  const section = (heading: string, body: ReactNode) => (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      {body}
    </Box>
  );
  return (
    <I18nContext provider={i18nProvider}>
      <FormContext.Provider value={form}>
        {heading}
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Stack spacing={4}>
              {problems.length > 0 && <ApplicationFormProblems ref={top} problems={problems} />}
              {!uuid &&
                section(
                  translate('app.application_form.applicant'),
                  <ApplicationFormApplicant
                    value={applicant}
                    onChange={(next) => (
                      setApplicant(next),
                      setServerErrors(
                        ({ frontend_user_id: _a, 'applicant.email': _b, 'applicant.first_name': _c, 'applicant.last_name': _d, ...rest }) =>
                          rest,
                      )
                    )}
                    problem={(f) => serverErrors[f]}
                  />,
                )}
              {section(translate('portal.apply.steps.period'), <PeriodStep periods={periods} />)}
              {section(
                translate('portal.apply.steps.questions'),
                <Stack spacing={2}>
                  {!uuid && questions.some((q) => q.type === enums.field_type.media) && (
                    <Alert severity="info">{translate('app.application_form.files_after_save')}</Alert>
                  )}
                  <QuestionsStep
                    questions={uuid ? questions : questions.filter((q) => q.type !== enums.field_type.media)}
                    categories={options.categories}
                    {...fileProps}
                  />
                </Stack>,
              )}
              {values.applicant_type !== enums.applicant_type.contact_person &&
                section(translate('portal.apply.steps.organisation'), <OrganisationStep lookup={() => undefined} lookupNote={null} />)}
              {section(translate('portal.apply.steps.contact'), <ContactStep />)}
              {section(
                translate('portal.apply.steps.attachments'),
                <Stack spacing={2}>
                  {!uuid && <Alert severity="info">{translate('app.application_form.files_after_save')}</Alert>}
                  <AttachmentsStep {...fileProps} />
                </Stack>,
              )}
              <Stack direction="row" spacing={2}>
                <Button variant="contained" onClick={() => void save()} disabled={saving.isPending}>
                  {translate('ra.action.save')}
                </Button>
                <Button onClick={() => void navigate('/applications')}>{translate('ra.action.cancel')}</Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </FormContext.Provider>
    </I18nContext>
  );
}
