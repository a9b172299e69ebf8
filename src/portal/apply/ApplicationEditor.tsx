import { Alert, Box, Button, Link, Paper, Step, StepButton, StepLabel, Stepper, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from '../router';
import { enums } from '../../../resources/enums';
import { orgNumber as checkOrgNumber } from '../../../resources/validators';
import { unreadableMoneyReason, type UnreadableMoney } from '../../components/MoneyInput';
import { ApiError } from '../../providers/httpClient';
import { useI18n } from '../../components/i18n';
import { langOf, sentenceWith } from '../../components/contentLanguage';
import { FormContext, type FormApi } from '../../forms/application/FormContext';
import { ProblemList } from './ProblemList';
import { SaveStatus } from './SaveStatus';
import { AttachmentsStep, ContactStep, OrganisationStep, PeriodStep, QuestionsStep } from '../../forms/application/steps';
import type { ApplicationForm, StoredFile } from '../../forms/application/types';
import { useDraft } from './useDraft';
import { inputId } from '../../forms/application/fieldIds';
import type { FieldProblem } from '../../forms/application/validation';
import { applicationFiles, portalApi, portalReads, useRead, type RegisteredOrganisation } from '../portalApi';
import { editTime } from './editedBy';

/** GET /portal/organisations/:org_number: the register's details of an organisation. */

type Rules = typeof import('../../forms/application/validation');
// The form's rules (with the phone number library, a third of the page's weight) load at the first interaction:
// until then nothing can be wrong that the form would show.
const loadRules = () => import('../../forms/application/validation');

/** The applicant's files go to their own draft. */

// What the register's answer says of the organisation's people loads with that answer: most applicants never see it.
const OrganisationStanding = lazy(() => import('./OrganisationStanding'));

const stepKeys = ['period', 'questions', 'organisation', 'contact', 'attachments'] as const;

// On a phone the five labels do not fit: the numbers stay, the names are read out only (the step's heading shows it);
// the buttons' padding shrinks too, or the five would be a few pixels wider than the screen.
const narrowSteps = {
  '& .MuiStepButton-root': { padding: { xs: '10px 8px', sm: '24px 16px' }, margin: { xs: '-10px -8px', sm: '-24px -16px' } },
};
const narrowLabels = {
  '& .MuiStepLabel-labelContainer': {
    position: { xs: 'absolute', sm: 'static' },
    width: { xs: '1px', sm: 'auto' },
    height: { xs: '1px', sm: 'auto' },
    overflow: { xs: 'hidden', sm: 'visible' },
    clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  },
};

/** The five steps of one application, saved as the applicant goes, with the problems to fix and sending in. */
export function ApplicationEditor({ initial }: { initial: ApplicationForm }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { values, change, flush, savedAt, state, serverErrors } = useDraft(initial);
  const readOnly = initial.status !== enums.application_status.draft;
  const periods = useRead(portalReads.periods(), locale);
  const categories = useRead(portalReads.categories(), locale);
  const [questions, setQuestions] = useState(initial.questions);
  const [files, setFiles] = useState<StoredFile[]>(initial.files);
  const [step, setStep] = useState(Math.min(Math.max(initial.step, 1), 5));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  // Fields whose text could not be read as a value (an unclear amount): the text, kept across steps, and why.
  const [unreadable, setUnreadable] = useState<Record<string, UnreadableMoney>>({});
  // The step whose problems are listed because the applicant tried to go on from it.
  const [listed, setListed] = useState<number | null>(null);
  const [listFocus, setListFocus] = useState(0);
  const [lookupNote, setLookupNote] = useState<string | null>(null);
  // The register's answer for an organisation number: its details and where the applicant stands towards its people.
  const [found, setFound] = useState<{ number: string; organisation: RegisteredOrganisation } | null>(null);
  // The fields changed here: the reader is now the last to have changed them, whoever did before.
  const [changedHere, setChangedHere] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  const problemList = useRef<HTMLDivElement>(null);
  const stepProblemList = useRef<HTMLDivElement>(null);
  const stepNames = stepKeys.map((key) => t(`portal.apply.steps.${key}`));

  const [rules, setRules] = useState<Rules | null>(null);
  const needRules = useCallback(async () => {
    const loaded = await loadRules();
    setRules(() => loaded);
    return loaded;
  }, []);
  // Reasons beside the rules': why the server refused to save a value, and why an amount's text could not be read.
  const reasons = useMemo(
    () => ({
      ...serverErrors,
      ...Object.fromEntries(
        Object.entries(unreadable).map(([name, text]) => [
          name,
          unreadableMoneyReason(text, t(`resources.applications.fields.${name}`), locale, t),
        ]),
      ),
    }),
    [serverErrors, unreadable, locale, t],
  );
  const problemsBy = useCallback(
    (checks: Rules | null) => {
      const local = checks ? checks.formProblems(values, questions, files, t, reasons) : [];
      return [...local, ...serverProblems.filter((s) => !local.some((l) => l.field === s.field))];
    },
    [values, questions, files, t, reasons, serverProblems],
  );
  const problems = useMemo(() => problemsBy(rules), [problemsBy, rules]);

  // The list of a step's problems takes the focus when it appears, so it is read out and in view.
  useEffect(() => {
    if (listFocus) stepProblemList.current?.focus();
  }, [listFocus]);

  // Another application type asks other questions: fetch them once the change is saved.
  const typeId = values.application_type_id;
  useEffect(() => {
    if (typeId === initial.application_type_id && questions === initial.questions) return;
    let live = true;
    void flush().then(() =>
      portalApi.application(initial.uuid).then((application) => {
        if (live) setQuestions(application.questions);
      }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of type asks for other questions, not each new flush or question list
  }, [typeId]);

  const leave = useCallback(
    (name: string) => {
      void needRules();
      setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
      void flush();
    },
    [flush, needRules],
  );

  /** A change of the reader's own: saved, and no longer shown as another's. */
  const changeMine = (name: string, value: unknown) => {
    if (!changedHere.has(name)) setChangedHere((previous) => new Set(previous).add(name));
    change(name, value);
  };

  const form: FormApi = {
    values,
    change: (name, value) => {
      if (!rules) void needRules();
      setServerProblems((list) => list.filter((p) => p.field !== name));
      if (name === 'period_id') {
        // A period that does not take the chosen type leaves the type to choose again.
        const offered = periods.data?.find((p) => p.id === value)?.application_types.some((type) => type.id === values.application_type_id);
        if (!offered) changeMine('application_type_id', null);
      }
      changeMine(name, value);
    },
    // Who else last changed a field of an organisation's draft, and when.
    edited: (name) => {
      const edit = initial.edits[name];
      if (!edit || edit.mine || changedHere.has(name)) return undefined;
      return t('portal.apply.edited_by', { name: edit.by ?? t('portal.apply.former_member'), time: editTime(edit.at, locale) });
    },
    leave,
    unreadable: (name) => unreadable[name],
    setUnreadable: (name, text) => setUnreadable(({ [name]: _, ...rest }) => (text ? { ...rest, [name]: text } : rest)),
    // A refused save is told at once, as the field may not have been left.
    problem: (name) => (showAll || touched.has(name) || name in serverErrors ? problems.find((p) => p.field === name)?.message : undefined),
    readOnly,
    files: applicationFiles,
  };

  const goTo = (next: number, focus?: string) => {
    void needRules();
    // Leaving a step shows what is missing in it, without blocking: a draft may be finished in any order.
    const left = new Set(touched);
    problems.filter((p) => p.step === step).forEach((p) => left.add(p.field));
    setTouched(left);
    if (next !== step) setListed(null);
    setStep(next);
    if (!readOnly) change('step', next);
    void flush();
    requestAnimationFrame(() => {
      const target = focus ? document.getElementById(inputId(focus)) : heading.current;
      const input = target?.matches('input, textarea, select')
        ? target
        : (target?.querySelector<HTMLElement>('input, textarea, select') ?? target);
      input?.focus();
      target?.scrollIntoView({ block: 'center' });
    });
  };

  /** Next: on to the next step, or, while this one has problems, the list of them (with a way on anyway). */
  const goOn = async () => {
    const here = problemsBy(await needRules()).filter((p) => p.step === step);
    if (readOnly || here.length === 0) return goTo(step + 1);
    setTouched((previous) => new Set([...previous, ...here.map((p) => p.field)]));
    setListed(step);
    setListFocus((n) => n + 1);
  };

  const lookup = async (number: string) => {
    setLookupNote(null);
    if (!number.trim() || checkOrgNumber(number)) return;
    try {
      const found = await portalApi.organisation(number);
      setFound({ number: number.trim(), organisation: found });
      changeMine('org_name', found.name);
      const fill: Record<string, unknown> = {
        organisation_type: found.type,
        org_address: found.address,
        org_co: found.co,
        org_zip: found.zip,
        org_city: found.city,
        org_website: found.website,
      };
      for (const [name, value] of Object.entries(fill)) if (value && !values[name]) changeMine(name, value);
      setLookupNote(t('portal.apply.org_found'));
      void flush();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setLookupNote(failure.message);
    }
  };

  // A draft opened at its organisation's step, its number given before: where the applicant stands, without filling in
  // anything (the lookup does that when the number is left).
  const orgNumber = typeof values.org_number === 'string' ? values.org_number.trim() : '';
  useEffect(() => {
    if (step !== 3 || !orgNumber || checkOrgNumber(orgNumber) || found?.number === orgNumber) return;
    let live = true;
    portalApi.organisation(orgNumber).then(
      (organisation) => live && setFound({ number: orgNumber, organisation }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked on coming to the step; a number typed there is looked up when left
  }, [step]);
  // Something to say only to one not (yet) of the organisation's people here, or of another organisation than the draft's.
  const standing = found?.number === orgNumber ? found.organisation : null;
  const saysStanding =
    !readOnly &&
    (standing?.standing === 'others' ||
      standing?.standing === 'nobody_left' ||
      (standing?.standing === 'member' && standing.id !== initial.organisation?.id));

  const send = async () => {
    setSendError(null);
    setShowAll(true);
    const [saved, { formProblems }] = await Promise.all([flush(), needRules()]);
    if (formProblems(values, questions, files, t, reasons).length > 0 || serverProblems.length > 0 || !saved) {
      requestAnimationFrame(() => problemList.current?.focus());
      return;
    }
    setSending(true);
    try {
      const answer = await portalApi.submit(initial.uuid);
      const thanks = new URLSearchParams({ name: initial.application_type ?? '', reference: answer.reference ?? '' });
      void navigate(`/tack?${thanks.toString()}`);
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.body.errors : undefined;
      if (errors) {
        setServerProblems(Object.entries(errors).map(([field, message]) => ({ field, step: 1, label: field, message: String(message) })));
        requestAnimationFrame(() => problemList.current?.focus());
      } else setSendError((failure as Error).message);
    } finally {
      setSending(false);
    }
  };

  const shownPeriod = periods.data?.find((p) => p.id === values.period_id) ?? initial.period;
  const stepProblems = (n: number) => problems.filter((p) => p.step === n);
  const fileProps = { applicationUuid: initial.uuid, files, maxBytes: initial.upload_max_bytes, onFiles: setFiles };

  return (
    <FormContext.Provider value={form}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: undefined } }}>
          {initial.application_type
            ? sentenceWith(t, 'portal.apply.heading', {
                name: 'type',
                text: initial.application_type,
                lang: langOf(locale, initial, 'application_type'),
              })
            : t('portal.apply.heading', { type: t('portal.apply.title') })}
        </Typography>
        <Typography color="text.secondary" lang={langOf(locale, shownPeriod, 'name')}>
          {shownPeriod.name}
        </Typography>
        <SaveStatus state={state} savedAt={savedAt} />
      </Box>
      {initial.organisation && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('portal.apply.organisation_notice', { name: initial.organisation.name })}
          {initial.sent_in_by && ` ${t('portal.apply.sent_in_by', { name: initial.sent_in_by })}`}{' '}
          <Link component={RouterLink} to={`/organisationer/${initial.organisation.id}`} color="inherit">
            {t('portal.apply.organisation_people')}
          </Link>
        </Alert>
      )}
      {readOnly && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/">
              {t('portal.nav.dashboard')}
            </Button>
          }
        >
          {t('errors.not_a_draft')}
        </Alert>
      )}
      <Box component="nav" aria-label={t('portal.apply.steps_label')} sx={{ mb: 3, overflowX: 'auto' }}>
        <Stepper nonLinear activeStep={step - 1} alternativeLabel sx={narrowSteps}>
          {stepNames.map((name, index) => {
            const n = index + 1;
            const error = showAll && stepProblems(n).length > 0;
            return (
              <Step key={n} completed={!error && touched.size > 0 && n !== step && stepProblems(n).length === 0}>
                <StepButton onClick={() => goTo(n)} aria-current={n === step ? 'step' : undefined}>
                  <StepLabel error={error} sx={narrowLabels}>
                    {name}
                  </StepLabel>
                </StepButton>
              </Step>
            );
          })}
        </Stepper>
      </Box>
      {listed === step && stepProblems(step).length > 0 && (
        <Box sx={{ mb: 3 }}>
          <ProblemList
            ref={stepProblemList}
            problems={stepProblems(step)}
            title={t('portal.apply.step_problems', { smart_count: stepProblems(step).length })}
            onOpen={(p) => goTo(p.step, p.field)}
          >
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('portal.apply.fix_later')}
            </Typography>
            <Button variant="outlined" color="inherit" size="small" sx={{ mt: 1 }} onClick={() => goTo(step + 1)}>
              {t('portal.apply.go_on_anyway')}
            </Button>
          </ProblemList>
        </Box>
      )}
      <Paper component="section" variant="outlined" aria-labelledby="step-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography
          variant="h5"
          component="h2"
          id="step-heading"
          ref={heading}
          tabIndex={-1}
          sx={{ mb: 2, '&:focus': { outline: 'none' } }}
        >
          {t('portal.apply.step_heading', { n: step, total: stepKeys.length, name: stepNames[step - 1] })}
        </Typography>
        {step === 1 && <PeriodStep periods={periods.data ?? []} />}
        {step === 2 && <QuestionsStep questions={questions} categories={categories.data ?? []} {...fileProps} />}
        {step === 3 && (
          <OrganisationStep
            lookup={(n) => void lookup(n)}
            lookupNote={lookupNote}
            standing={
              saysStanding &&
              standing && (
                <Suspense fallback={null}>
                  <OrganisationStanding organisation={standing} belongs={standing.id === initial.organisation?.id} />
                </Suspense>
              )
            }
          />
        )}
        {step === 4 && <ContactStep />}
        {step === 5 && <AttachmentsStep {...fileProps} />}
      </Paper>
      {step === 5 && !readOnly && problems.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <ProblemList
            ref={problemList}
            problems={problems}
            title={t('portal.apply.problems', { smart_count: problems.length })}
            stepNames={stepNames}
            onOpen={(p) => goTo(p.step, p.field)}
          />
        </Box>
      )}
      {sendError && (
        <Alert severity="error" sx={{ mt: 3 }} role="alert">
          {sendError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={step === 1} onClick={() => goTo(step - 1)}>
          {t('portal.apply.previous')}
        </Button>
        {step < 5 ? (
          <Button variant="contained" onClick={() => void goOn()}>
            {t('portal.apply.next', { name: stepNames[step] })}
          </Button>
        ) : (
          !readOnly && (
            <Button variant="contained" color="primary" size="large" onClick={() => void send()} disabled={sending}>
              {sending ? t('portal.apply.sending') : t('portal.apply.send')}
            </Button>
          )
        )}
      </Box>
    </FormContext.Provider>
  );
}
