import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { MAX_MONEY } from '../../../resources/applications';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import { MoneyInput } from '../../components/MoneyInput';
import { ApiError } from '../../providers/httpClient';
import { http } from '../providers';

interface Decision {
  status: number;
  approved_money: number | null;
  approved_fou: number | null;
  approved_nok: number | null;
  global_goals: number[];
  uses_money_distribution_cap: boolean;
  cap: { available_money: number; approved_elsewhere: number; remaining: number } | null;
}

const { approved, rejected } = enums.application_status;

/**
 * The decision (SPEC.md §2 decision): approved amount, FOU, NOK and global goals; for a period under the money
 * distribution cap, the amount still available shown live as the amount is typed, and FOU, NOK and goals left out.
 */
export function DecisionSection({ uuid, onSaved }: { uuid: string; onSaved: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [draft, setDraft] = useState<Partial<Decision>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // The amount as it is being typed, so what is left of the period's amount follows every keystroke.
  const [typing, setTyping] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    http.get(`/applications/${uuid}/decision`).then((response) => {
      const loaded = response.data.data as Decision;
      setDecision(loaded);
      // An application not yet decided starts with no decision chosen: staff choose it themselves.
      setDraft({ status: [approved, rejected].includes(loaded.status as never) ? loaded.status : undefined, approved_money: loaded.approved_money, approved_fou: loaded.approved_fou, approved_nok: loaded.approved_nok, global_goals: loaded.global_goals ?? [] });
    });
  }, [uuid]);
  if (!decision) return null;

  const capped = decision.uses_money_distribution_cap;
  const approving = draft.status === approved;
  const amount = typing !== undefined ? typing : draft.approved_money;
  const left = decision.cap ? decision.cap.remaining - (approving ? (amount ?? 0) : 0) : null;
  const money = (name: 'approved_money' | 'approved_fou' | 'approved_nok') => (
    <MoneyInput
      label={translate(`app.decision.${name}`)}
      value={draft[name] ?? null}
      onChange={(ore) => setDraft((d) => ({ ...d, [name]: ore }))}
      onTyping={name === 'approved_money' ? setTyping : undefined}
      onBlur={name === 'approved_money' ? () => setTyping(undefined) : undefined}
      locale={locale}
      translate={translate}
      min={0}
      max={MAX_MONEY}
      allowNegative={false}
      currencyLabel="kr"
      required={name === 'approved_money'}
      error={!!errors[name]}
      helperText={errors[name] ?? ' '}
      inputProps={{ 'data-live': name }}
    />
  );

  const save = async () => {
    setErrors({});
    setMessage(null);
    if (draft.status === undefined) {
      setErrors({ status: translate('app.decision.choose') });
      return;
    }
    const body: Record<string, unknown> = { status: draft.status, approved_money: approving ? draft.approved_money : null };
    if (!capped) Object.assign(body, { approved_fou: approving ? draft.approved_fou : null, approved_nok: approving ? draft.approved_nok : null, global_goals: draft.global_goals });
    try {
      const response = await http.put(`/applications/${uuid}/decision`, { data: body });
      setDecision(response.data.data);
      notify('app.decision.saved', { type: 'success' });
      onSaved();
    } catch (failure) {
      setMessage((failure as Error).message);
      if (failure instanceof ApiError) setErrors(failure.body.errors ?? {});
    }
  };

  return (
    <Box component="section" aria-labelledby="decision-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="decision-heading" gutterBottom>
        {translate('app.decision.title')}
      </Typography>
      <Stack spacing={2}>
        <FormControl error={!!errors.status}>
          <RadioGroup
            row
            value={draft.status === undefined ? '' : String(draft.status)}
            onChange={(event) => (setDraft((d) => ({ ...d, status: Number(event.target.value) })), setErrors(({ status: _, ...rest }) => rest))}
            aria-label={translate('app.decision.title')}
            aria-describedby={errors.status ? 'decision-status-error' : undefined}
          >
            <FormControlLabel value={String(approved)} control={<Radio />} label={translate('enums.application_status.approved')} />
            <FormControlLabel value={String(rejected)} control={<Radio />} label={translate('enums.application_status.rejected')} />
          </RadioGroup>
          {errors.status && <FormHelperText id="decision-status-error">{errors.status}</FormHelperText>}
        </FormControl>
        {approving && money('approved_money')}
        {approving && decision.cap && (
          <Alert severity={left! < 0 ? 'error' : 'info'} role="status" aria-live="polite">
            {translate('app.decision.cap', {
              available: formatMoney(decision.cap.available_money, locale),
              elsewhere: formatMoney(decision.cap.approved_elsewhere, locale),
              left: formatMoney(left, locale),
            })}
          </Alert>
        )}
        {approving && !capped && (
          <>
            {money('approved_fou')}
            {money('approved_nok')}
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{translate('resources.applications.fields.global_goals')}</FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {Object.entries(enums.global_goal).map(([key, code]) => (
                  <FormControlLabel
                    key={key}
                    control={
                      <Checkbox
                        checked={draft.global_goals?.includes(code) ?? false}
                        onChange={(event) => setDraft((d) => ({ ...d, global_goals: event.target.checked ? [...(d.global_goals ?? []), code] : (d.global_goals ?? []).filter((g) => g !== code) }))}
                      />
                    }
                    label={translate(`enums.global_goal.${key}`)}
                  />
                ))}
              </FormGroup>
            </Box>
          </>
        )}
        {message && <Alert severity="error">{message}</Alert>}
        <Box>
          <Button variant="contained" onClick={() => void save()}>
            {translate('app.decision.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
