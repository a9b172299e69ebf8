import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useI18n } from '../../components/i18n';
import { TextInput } from '../../components/TextInput';
import { inputId } from '../../forms/application/fieldIds';
import { fieldProblem, MAX_COUNT, MAX_LENGTH, type FollowupField, type FollowupValues } from './answers';

interface Props {
  values: FollowupValues;
  change: <F extends FollowupField>(field: F, value: FollowupValues[F]) => void;
  /** Leaving a field saves it at once. */
  onLeave: () => void;
  /** Reasons beside the fields: the server's, or the send-in check's. */
  errors: Partial<Record<FollowupField, string>>;
  disabled: boolean;
}

/** A helper line with a reason (if any) at the start and a counter at the end. */
function Helper({ text, counter }: { text: string; counter?: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{text}</span>
      {counter && (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {counter}
        </Box>
      )}
    </Box>
  );
}

/** The follow-up's four questions (and the optional comment), each labelled, with its help and its problem beside it. */
export function FollowupQuestions({ values, change, onLeave, errors, disabled }: Props) {
  const { t, locale } = useI18n();
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const reason = (field: FollowupField): string | undefined => {
    const problem = fieldProblem(field, values[field]);
    if (problem === 'not_whole') return t('portal.followup.not_whole', { max: number(MAX_COUNT) });
    if (problem === 'too_long') return t('portal.followup.too_long', { max: number(MAX_LENGTH[field as keyof typeof MAX_LENGTH]) });
    return errors[field];
  };
  const counter = (field: keyof typeof MAX_LENGTH) =>
    t('portal.followup.counter', { count: number([...values[field].trim()].length), max: number(MAX_LENGTH[field]) });

  const text = (field: 'according_to_plan_comment' | 'marketing', required: boolean) => (
    <TextInput
      id={inputId(field)}
      label={t(`portal.followup.${field}`)}
      labelAbove
      required={required}
      multiline
      minRows={field === 'marketing' ? 4 : 3}
      maxRows={16}
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      onBlur={onLeave}
      error={!!reason(field)}
      readOnly={disabled}
      helperText={<Helper text={reason(field) ?? t(`portal.followup.${field}_hint`)} counter={counter(field)} />}
      sx={{ bgcolor: 'background.paper' }}
    />
  );

  const count = (field: 'participants' | 'events') => (
    <TextInput
      id={inputId(field)}
      label={t(`portal.followup.${field}`)}
      labelAbove
      required
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      onBlur={onLeave}
      error={!!reason(field)}
      readOnly={disabled}
      fullWidth={false}
      inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
      helperText={reason(field) ?? t(`portal.followup.${field}_hint`)}
      sx={{ bgcolor: 'background.paper', maxWidth: 240 }}
    />
  );

  const planError = errors.according_to_plan;
  const plan = values.according_to_plan === null ? '' : values.according_to_plan ? 'yes' : 'no';
  return (
    <Stack spacing={3}>
      <FormControl component="fieldset" required error={!!planError} disabled={disabled}>
        <FormLabel component="legend">{t('portal.followup.according_to_plan')}</FormLabel>
        <RadioGroup
          row
          name="according_to_plan"
          value={plan}
          onChange={(event) => {
            change('according_to_plan', event.target.value === 'yes');
            onLeave();
          }}
          aria-describedby="according_to_plan-helper"
        >
          <FormControlLabel value="yes" control={<Radio id={inputId('according_to_plan')} />} label={t('portal.followup.yes')} />
          <FormControlLabel value="no" control={<Radio />} label={t('portal.followup.no')} />
        </RadioGroup>
        <FormHelperText id="according_to_plan-helper">{planError ?? t('portal.followup.according_to_plan_hint')}</FormHelperText>
      </FormControl>
      {text('according_to_plan_comment', false)}
      {count('participants')}
      {count('events')}
      {text('marketing', true)}
    </Stack>
  );
}
