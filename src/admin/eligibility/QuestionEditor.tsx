import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { eligibilityKinds, eligibilityLimits, yesNoValues, type EligibilityKind } from '../../../resources/eligibility';
import { freshValue, type DraftQuestion } from './draft';

/**
 * One question of the check as staff write it: its words in Swedish and English, yes/no or one of its options, the
 * answers that stop an applicant and the explanation they read. `errors` are the server's, by field (`options.0.label`).
 */
export function QuestionEditor({
  question,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (question: DraftQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`eligibility.editor.${key}`, options);
  const n = index + 1;
  const id = (field: string) => `eligibility-${question.key}-${field}`;
  const set = (changes: Partial<DraftQuestion>) => onChange({ ...question, ...changes });
  const text = (field: 'question' | 'question_en' | 'explanation' | 'explanation_en', multiline = false) => (
    <TextField
      id={id(field)}
      label={t(field)}
      value={question[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      required={!field.endsWith('_en')}
      error={!!errors[field]}
      helperText={errors[field]}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
      slotProps={{ htmlInput: { maxLength: field.startsWith('question') ? eligibilityLimits.question : eligibilityLimits.explanation } }}
    />
  );
  const answers =
    question.kind === 'yes_no'
      ? yesNoValues.map((value) => ({ value, label: translate(`eligibility.${value}`) }))
      : question.options.map((o, i) => ({ value: o.value, label: o.label || t('option', { n: i + 1 }) }));
  const toggle = (value: string) =>
    set({
      disqualifying: question.disqualifying.includes(value)
        ? question.disqualifying.filter((v) => v !== value)
        : [...question.disqualifying, value],
    });
  const setOption = (i: number, changes: Partial<DraftQuestion['options'][number]>) =>
    set({ options: question.options.map((o, j) => (j === i ? { ...o, ...changes } : o)) });

  return (
    <Paper component="section" variant="outlined" aria-labelledby={id('heading')} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id={id('heading')} sx={{ fontWeight: 500 }}>
          {t('question_n', { n })}
        </Typography>
        <Box>
          <IconButton aria-label={t('move_up', { n })} onClick={() => onMove(-1)} disabled={index === 0}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton aria-label={t('move_down', { n })} onClick={() => onMove(1)} disabled={index === count - 1}>
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={t('remove', { n })} onClick={onRemove} color="error">
            <DeleteIcon />
          </IconButton>
        </Box>
      </Stack>
      <Stack spacing={2}>
        {text('question')}
        {text('question_en')}
        <TextField
          id={id('kind')}
          select
          label={t('kind')}
          value={question.kind}
          onChange={(event) => {
            const kind = event.target.value as EligibilityKind;
            // A choice starts with two options to fill in; yes/no stops at "no", as most checks ask.
            const options =
              kind === 'choice' && question.options.length === 0
                ? [1, 2].map(() => ({ value: freshValue('o'), label: '', label_en: '' }))
                : question.options;
            set({ kind, options, disqualifying: kind === 'yes_no' ? ['no'] : [] });
          }}
          sx={{ maxWidth: 320 }}
        >
          {eligibilityKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        {question.kind === 'choice' && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ mb: 1 }}>
              {t('options')}
            </Typography>
            <Stack spacing={1}>
              {question.options.map((option, i) => (
                <Stack key={option.value} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    id={id(`option-${i}`)}
                    label={t('option', { n: i + 1 })}
                    value={option.label}
                    onChange={(event) => setOption(i, { label: event.target.value })}
                    required
                    error={!!(errors[`options.${i}.label`] ?? errors[`options.${i}.value`])}
                    helperText={errors[`options.${i}.label`] ?? errors[`options.${i}.value`]}
                    size="small"
                    fullWidth
                  />
                  <TextField
                    id={id(`option-${i}-en`)}
                    label={t('option_en', { n: i + 1 })}
                    value={option.label_en}
                    onChange={(event) => setOption(i, { label_en: event.target.value })}
                    error={!!errors[`options.${i}.label_en`]}
                    helperText={errors[`options.${i}.label_en`]}
                    size="small"
                    fullWidth
                  />
                  <IconButton
                    aria-label={t('remove_option', { n: i + 1 })}
                    onClick={() =>
                      set({
                        options: question.options.filter((_, j) => j !== i),
                        disqualifying: question.disqualifying.filter((v) => v !== option.value),
                      })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
            {errors.options && <FormHelperText error>{errors.options}</FormHelperText>}
            <Button
              onClick={() => set({ options: [...question.options, { value: freshValue('o'), label: '', label_en: '' }] })}
              disabled={question.options.length >= eligibilityLimits.options}
              sx={{ mt: 1 }}
            >
              {t('add_option')}
            </Button>
          </Box>
        )}
        <FormControl component="fieldset" error={!!errors.disqualifying} required>
          <FormLabel component="legend">{t('disqualifying')}</FormLabel>
          <FormGroup row>
            {answers.map((answer) => (
              <FormControlLabel
                key={answer.value}
                control={<Checkbox checked={question.disqualifying.includes(answer.value)} onChange={() => toggle(answer.value)} />}
                label={answer.label}
              />
            ))}
          </FormGroup>
          {errors.disqualifying && <FormHelperText>{errors.disqualifying}</FormHelperText>}
        </FormControl>
        {text('explanation', true)}
        {text('explanation_en', true)}
      </Stack>
    </Paper>
  );
}
