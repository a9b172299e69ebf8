import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { langOf, sentenceWith, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import { useI18n } from '../../components/i18n';
import type { ApplicationForm } from '../../forms/application/types';
import { ApiError } from '../../providers/httpClient';
import { Link as RouterLink } from '../router';
import { portalApi, type EligibilityCheck as Check, type EligibilityOutcome } from '../portalApi';

type Stop = Extract<EligibilityOutcome, { qualified: false }>;

/** The first message of a field's errors, as the API sends them (a list per field). */
const firstOf = (errors: Record<string, string | string[]> | undefined, field: string) => {
  const value = errors?.[field];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * "Who may apply": an application type's eligibility questions, answered before its form starts. The server judges
 * the answers: stopped, the applicant reads why, with a way to change the answers or back to the periods (nothing was
 * made); qualified, `onQualified` gets the draft the server started or continued.
 */
export function EligibilityCheck({
  check,
  periodId,
  applicantType,
  onQualified,
}: {
  check: Check;
  periodId: number;
  applicantType?: number;
  onQualified: (form: ApplicationForm) => void;
}) {
  const { t, locale } = useI18n();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [stop, setStop] = useState<Stop | null>(null);
  const stopHeading = useRef<HTMLHeadingElement>(null);
  const type = check.application_type;
  // The outcome replaces the questions: the focus (and a screen reader) is taken to it.
  useEffect(() => {
    if (stop) stopHeading.current?.focus();
  }, [stop]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    // Unanswered questions are said at once; the server judges the answers all the same.
    const unanswered = check.questions.filter((q) => !answers[q.id]);
    if (unanswered.length) {
      setErrors(Object.fromEntries(unanswered.map((q) => [q.id, t('portal.eligibility.answer_all')])));
      document.querySelector<HTMLInputElement>(`input[name="eligibility-${unanswered[0].id}"]`)?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const outcome = await portalApi.answerEligibility(type.id, {
        period_id: periodId,
        answers,
        ...(applicantType === undefined ? {} : { applicant_type: applicantType }),
      });
      if (outcome.qualified) return onQualified(outcome.application);
      setStop(outcome);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { errors?: Record<string, string | string[]> }) : {};
      setErrors(
        Object.fromEntries(
          check.questions.flatMap((q) => {
            const message = firstOf(body.errors, `answers.${q.id}`);
            return message ? [[q.id, message]] : [];
          }),
        ),
      );
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  const heading = (
    <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: undefined } }}>
      {sentenceWith(t, 'portal.eligibility.heading', { name: 'type', text: type.label, lang: langOf(locale, type, 'label') })}
    </Typography>
  );

  if (stop) {
    const question = check.questions.find((q) => q.id === stop.question_id);
    return (
      <Box>
        {heading}
        <Box component="section" aria-labelledby="eligibility-stopped" sx={{ mt: 2 }}>
          <Alert severity="warning" icon={false} sx={{ mb: 3 }}>
            <Typography variant="h5" component="h2" id="eligibility-stopped" ref={stopHeading} tabIndex={-1} gutterBottom>
              {t('portal.eligibility.stopped_heading')}
            </Typography>
            {question && (
              <Typography sx={{ mb: 1 }}>
                {sentenceWith(t, 'portal.eligibility.stopped_question', {
                  name: 'question',
                  text: question.question,
                  lang: langOf(locale, question, 'question'),
                })}
              </Typography>
            )}
            <Typography sx={{ mb: 1, whiteSpace: 'pre-wrap' }} lang={langOf(locale, stop, 'explanation')}>
              {stop.explanation}
            </Typography>
            <Typography>{t('portal.eligibility.nothing_made')}</Typography>
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" onClick={() => setStop(null)}>
              {t('portal.eligibility.change_answers')}
            </Button>
            <Button variant="outlined" component={RouterLink} to={`/ansok?period=${periodId}`}>
              {t('portal.apply.to_periods')}
            </Button>
          </Stack>
        </Box>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent) => void send(event)}>
      {heading}
      <Typography sx={{ mb: 2 }}>{t('portal.eligibility.intro')}</Typography>
      <UntranslatedNote shown={someUntranslated([type, ...check.questions])} mb={2} />
      <Stack spacing={3} sx={{ mb: 3 }}>
        {check.questions.map((q, index) => {
          const error = errors[q.id];
          const helper = `eligibility-${q.id}-helper`;
          return (
            <FormControl key={q.id} component="fieldset" required error={!!error} disabled={sending}>
              <FormLabel
                component="legend"
                id={`eligibility-${q.id}-label`}
                sx={{ fontWeight: 500, color: 'text.primary' }}
                lang={langOf(locale, q, 'question')}
              >
                {index + 1}. {q.question}
              </FormLabel>
              <RadioGroup
                name={`eligibility-${q.id}`}
                aria-labelledby={`eligibility-${q.id}-label`}
                value={answers[q.id] ?? ''}
                onChange={(event) => {
                  setAnswers((current) => ({ ...current, [q.id]: event.target.value }));
                  setErrors(({ [q.id]: _, ...rest }) => rest);
                }}
                aria-describedby={error ? helper : undefined}
              >
                {q.options.map((option) => (
                  <FormControlLabel
                    key={option.value}
                    value={option.value}
                    control={<Radio />}
                    label={<span lang={langOf(locale, q, 'options')}>{option.label}</span>}
                  />
                ))}
              </RadioGroup>
              {error && <FormHelperText id={helper}>{error}</FormHelperText>}
            </FormControl>
          );
        })}
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={sending} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        {t(sending ? 'portal.eligibility.checking' : 'portal.eligibility.submit')}
      </Button>
    </Box>
  );
}
