import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import { errorBody } from '../../providers/dataProvider';
import type { AgendaItem, Meeting, MeetingDecision } from '../../providers/staffMethods';
import { AmountInput } from '../applications/ProposalSection';
import { invalidateApplications } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { WithheldMarker } from '../WithheldMarker';
import { useAgendaFormat } from './agendaFormat';
import { useMeetingChange } from './useMeeting';

const { approved, rejected } = enums.application_status;

/** One line's decision as it is being made: nothing chosen yet, or grant (with its amount) or reject; who dissented. */
interface Line {
  choice: 'approve' | 'reject' | null;
  amount: number | null;
  dissent: number[];
}

/** The decision each line starts from: the reviews' proposal, a grant of the proposed amount, no dissent. */
const startingLine = (item: AgendaItem): Line => ({
  choice: item.application.proposal,
  amount: item.application.proposed_amount,
  dissent: [],
});

/**
 * Deciding the whole agenda at the meeting, on one screen: per application grant (with an amount, from the proposed
 * one) or reject, with what remains of the period's amount shown as amounts are typed, then a confirmation with the
 * counts and the total, and the decisions sent together. The server saves all or none: its refusals show beside
 * their lines and nothing typed is lost.
 */
export function MeetingDecisions({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const format = useAgendaFormat();
  const [lines, setLines] = useState<Record<string, Line>>(() =>
    Object.fromEntries(meeting.agenda.map((item) => [item.application.uuid, startingLine(item)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Who was absent: every member is present until marked otherwise.
  const [absent, setAbsent] = useState<number[]>([]);
  const decide = useMeetingChange((dp, decisions: MeetingDecision[]) => dp.decideMeeting(meeting.id, decisions, absent));
  const present = meeting.members.filter((member) => !absent.includes(member.id));
  const toggleAbsent = (id: number, isPresent: boolean) => {
    setAbsent((current) => (isPresent ? current.filter((other) => other !== id) : [...current, id]));
    // One absent dissents from nothing.
    if (!isPresent)
      setLines((current) =>
        Object.fromEntries(
          Object.entries(current).map(([uuid, line]) => [uuid, { ...line, dissent: line.dissent.filter((d) => d !== id) }]),
        ),
      );
  };
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.meetings.decisions.${key}`, options);

  const all = meeting.agenda.map((item) => ({ item, line: lines[item.application.uuid] }));
  const granted = all.filter(({ line }) => line.choice === 'approve');
  const total = granted.reduce((sum, { line }) => sum + (line.amount ?? 0), 0);
  const left = meeting.totals.remaining - total;
  const over = left < 0;
  const change = (uuid: string, line: Partial<Line>) => {
    setLines((current) => ({ ...current, [uuid]: { ...current[uuid], ...line } }));
    setErrors(({ [`${uuid}.status`]: _s, [`${uuid}.amount`]: _a, [`${uuid}.dissent`]: _d, ...rest }) => rest);
  };

  /** Each line must be decided, a grant with an amount; what is missing is said beside its line. */
  const check = () => {
    const missing: Record<string, string> = {};
    for (const { item, line } of all) {
      const uuid = item.application.uuid;
      if (line.choice === null) missing[`${uuid}.status`] = translate('app.decision.choose');
      else if (line.choice === 'approve' && !line.amount)
        missing[`${uuid}.amount`] = translate('validation.required', { attribute: t('amount').toLocaleLowerCase() });
    }
    setErrors(missing);
    setMessage(Object.keys(missing).length ? t('incomplete') : null);
    if (!Object.keys(missing).length) setConfirming(true);
  };

  const send = async () => {
    const decisions: MeetingDecision[] = all.map(({ item, line }) => ({
      application_uuid: item.application.uuid,
      status: line.choice === 'approve' ? approved : rejected,
      amount: line.choice === 'approve' ? line.amount : null,
      dissent_ids: line.dissent,
    }));
    try {
      await decide.mutateAsync(decisions);
      // Each decision changed its application: the lists and any application read show it.
      void invalidateApplications(queryClient);
      notify('app.meetings.decisions.saved', { type: 'success' });
      onClose();
    } catch (failure) {
      setMessage((failure as Error).message);
      // The server names a line by its place in the decisions sent ("decisions.2.amount"): beside that line.
      const beside: Record<string, string> = {};
      for (const [field, text] of Object.entries(errorBody(failure as HttpError)?.errors ?? {})) {
        const match = /^decisions\.(\d+)\.(\w+)$/.exec(field);
        const uuid = match ? decisions[Number(match[1])]?.application_uuid : undefined;
        const where = { amount: 'amount', dissent_ids: 'dissent' }[match?.[2] ?? ''] ?? 'status';
        if (uuid) beside[`${uuid}.${where}`] = text;
        else beside[field] = text;
      }
      setErrors(beside);
    } finally {
      setConfirming(false);
    }
  };
  // Refusals not about one line (the whole set, the cap) show with the message.
  const general = Object.entries(errors)
    .filter(([field]) => !meeting.agenda.some((item) => field.startsWith(`${item.application.uuid}.`)))
    .map(([, text]) => text);

  return (
    <Box component="section" aria-labelledby="meeting-decisions">
      <Typography variant="h6" component="h2" id="meeting-decisions" gutterBottom>
        {t('title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <Stack spacing={2}>
        <FormControl component="fieldset" error={!!errors.absent_ids}>
          <FormLabel component="legend">{t('present')}</FormLabel>
          <FormGroup row>
            {meeting.members.map((member) => (
              <FormControlLabel
                key={member.id}
                control={
                  <Checkbox checked={!absent.includes(member.id)} onChange={(event) => toggleAbsent(member.id, event.target.checked)} />
                }
                label={member.name}
              />
            ))}
          </FormGroup>
          <FormHelperText>{errors.absent_ids ?? t('present_help')}</FormHelperText>
        </FormControl>
        {all.map(({ item, line }) => {
          const { uuid, reference } = item.application;
          const statusError = errors[`${uuid}.status`];
          const name = `${reference ?? '–'} · ${format.applicant(item)}`;
          return (
            <Box
              key={uuid}
              component="fieldset"
              aria-describedby={`decision-${uuid}-facts`}
              sx={{
                border: 1,
                borderColor: statusError || errors[`${uuid}.amount`] ? 'error.main' : 'divider',
                borderRadius: 1,
                p: 2,
                m: 0,
              }}
            >
              {/* Floated, the legend is laid out inside the fieldset, so a long name wraps there rather than over the
                  border on a phone; it still names the group. */}
              <Typography
                component="legend"
                sx={{ float: 'left', width: '100%', p: 0, mb: 0.5, fontWeight: 500, overflowWrap: 'anywhere' }}
              >
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" id={`decision-${uuid}-facts`} sx={{ clear: 'both', mb: 1 }}>
                {t('facts', {
                  applied: format.money(item.application.money),
                  proposed: format.money(item.application.proposed_amount),
                  score: format.score(item),
                  proposal: format.proposal(item),
                })}
                {/* The reviews' figures are the reader's once their own review is in: the marker says so. */}
                {item.withheld && (
                  <>
                    {' '}
                    <WithheldMarker withheld={item.withheld} />
                  </>
                )}
              </Typography>
              <FormControl error={!!statusError}>
                <RadioGroup
                  row
                  value={line.choice ?? ''}
                  onChange={(event) => change(uuid, { choice: event.target.value as Line['choice'] })}
                  aria-label={t('choice', { name })}
                  aria-describedby={statusError ? `decision-${uuid}-status` : undefined}
                >
                  <FormControlLabel value="approve" control={<Radio />} label={t('grant')} />
                  <FormControlLabel value="reject" control={<Radio />} label={t('reject')} />
                </RadioGroup>
                {statusError && <FormHelperText id={`decision-${uuid}-status`}>{statusError}</FormHelperText>}
              </FormControl>
              {line.choice === 'approve' && (
                <Box sx={{ maxWidth: '20rem', mt: 1 }}>
                  <AmountInput
                    id={`decision-${uuid}-amount`}
                    label={t('amount')}
                    value={line.amount}
                    onChange={(ore) => change(uuid, { amount: ore })}
                    required
                    problem={errors[`${uuid}.amount`]}
                    inputProps={{ 'data-live': uuid }}
                  />
                </Box>
              )}
              <Autocomplete
                multiple
                id={`decision-${uuid}-dissent`}
                sx={{ mt: 1, maxWidth: '30rem' }}
                size="small"
                // Only those present who took part: one who stood aside from the application did not decide it.
                options={present.filter((member) => !item.conflicts.some((c) => c.user_id === member.id))}
                value={present.filter((member) => line.dissent.includes(member.id))}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                onChange={(_, chosen) => change(uuid, { dissent: chosen.map((member) => member.id) })}
                filterSelectedOptions
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('dissent')}
                    error={!!errors[`${uuid}.dissent`]}
                    helperText={errors[`${uuid}.dissent`] ?? ' '}
                  />
                )}
              />
            </Box>
          );
        })}
        <Alert severity={over ? 'error' : 'info'} role="status" aria-live="polite">
          {t('remaining', {
            available: formatMoney(meeting.totals.available_money, locale),
            elsewhere: formatMoney(meeting.totals.approved_elsewhere, locale),
            granted: formatMoney(total, locale),
            left: formatMoney(left, locale),
          })}
          {over && ` ${t('over', { amount: formatMoney(-left, locale) })}`}
        </Alert>
        {message && (
          <Alert severity="error">
            {message}
            {general.map((text) => (
              <Box key={text}>{text}</Box>
            ))}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={check}>
            {t('save')}
          </Button>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        </Stack>
      </Stack>
      {confirming && (
        <WorkDialog
          id="meeting-decisions-confirm"
          title={t('confirm_title')}
          busy={decide.isPending}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" onClick={() => void send()}>
                {t('confirm')}
              </Button>
            </>
          }
        >
          <Typography>
            {t('confirm_question', {
              granted: granted.length,
              rejected: all.length - granted.length,
              total: formatMoney(total, locale),
            })}
          </Typography>
          {over && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('over', { amount: formatMoney(-left, locale) })}
            </Alert>
          )}
        </WorkDialog>
      )}
    </Box>
  );
}
