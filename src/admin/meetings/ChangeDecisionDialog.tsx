import { Alert, Button, LinearProgress, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../resources/format';
import type { AgendaItem, Meeting } from '../../providers/staffMethods';
import { useStaffQuery } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { useMeetingChange } from './useMeeting';
import { ReasonField } from '../ReasonField';

/**
 * A decision of this (decided) meeting taken up again: the board changes it only at a later meeting of the period,
 * on a line of its own with the reason ("ändrat beslut"). Staff choose that meeting among the period's undecided ones
 * held on this one's day or later and write the reason; the line goes last on its agenda, which then opens.
 */
export function ChangeDecisionDialog({ meeting, item, onClose }: { meeting: Meeting; item: AgendaItem; onClose: () => void }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const navigate = useNavigate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.meetings.change.${key}`, options);
  const meetings = useStaffQuery(['meetings', 'later', meeting.id], 'getMeetings', [
    { period: meeting.period.id, sort: 'held_on', direction: 'asc', per_page: 100 },
  ]);
  const later = (meetings.data?.data ?? []).filter((m) => m.id !== meeting.id && m.decided_at === null && m.held_on >= meeting.held_on);
  const [chosen, setChosen] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMeetingChange((dp, to: number) => dp.addChangeOfDecision(to, item.application.uuid, reason));
  const target = chosen === '' ? later[0]?.id : chosen;
  const submit = () => {
    if (!reason.trim()) return setError(t('reason_required'));
    add.mutate(target, { onSuccess: () => void navigate(`/meetings/${target}`), onError: (failure) => setError(failure.message) });
  };
  return (
    <WorkDialog
      id="change-decision"
      title={t('title', { reference: item.application.reference ?? '–' })}
      busy={add.isPending}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={target === undefined || add.isPending} onClick={submit}>
            {t('confirm')}
          </Button>
        </>
      }
    >
      {meetings.isPending && <LinearProgress aria-label={translate('app.loading')} />}
      {meetings.error && <Alert severity="error">{meetings.error.message}</Alert>}
      {meetings.data && later.length === 0 && <Alert severity="info">{t('no_later_meeting')}</Alert>}
      {later.length > 0 && (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('explained')}
          </Alert>
          <TextField
            select
            fullWidth
            label={t('meeting')}
            value={target ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
            sx={{ mb: 2 }}
          >
            {later.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {`${formatDate(m.held_on, locale)}, ${m.place}`}
              </MenuItem>
            ))}
          </TextField>
          <ReasonField
            label={t('reason')}
            value={reason}
            onChange={(value) => (setReason(value), setError(null))}
            problem={error}
            minRows={3}
          />
        </>
      )}
    </WorkDialog>
  );
}
