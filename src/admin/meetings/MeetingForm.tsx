import { Alert, Autocomplete, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate, type HttpError } from 'react-admin';
import { errorBody } from '../../providers/dataProvider';
import type { Meeting, MeetingInput } from '../../providers/staffMethods';
import { WorkDialog } from '../WorkDialog';
import { useMeetingChange } from './useMeeting';

interface StaffUser {
  id: number;
  first_name: string;
  last_name: string;
}
interface Choice {
  id: number;
  name: string;
}

/** The form's values: empty strings where nothing is chosen yet. */
interface Draft {
  period_id: number | '';
  held_on: string;
  place: string;
  members: Choice[];
  chair_id: number | '';
  adjuster_id: number | '';
  secretary_id: number | '';
  starts_at: string;
  ends_at: string;
}

const draftOf = (meeting?: Meeting): Draft => ({
  period_id: meeting?.period.id ?? '',
  held_on: meeting?.held_on ?? '',
  place: meeting?.place ?? '',
  members: meeting?.members ?? [],
  chair_id: meeting?.chair?.id ?? '',
  adjuster_id: meeting?.adjuster?.id ?? '',
  secretary_id: meeting?.secretary?.id ?? '',
  starts_at: meeting?.starts_at ?? '',
  ends_at: meeting?.ends_at ?? '',
});

/**
 * A new meeting, or (given `meeting`) a change of one not yet decided: its period, day, time, place and members, the
 * chair and the minutes checker chosen among the members, and the secretary (any staff user). What is missing is said beside its field before sending; the server's
 * refusals (a member who is not active staff, a chair who is not a member) beside theirs, nothing typed lost.
 */
export function MeetingFormDialog({
  meeting,
  onClose,
  onSaved,
}: {
  meeting?: Meeting;
  onClose: () => void;
  onSaved?: (meeting: Meeting) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(() => draftOf(meeting));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const periods = useGetList<{ id: number; name: string }>('periods', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'start_date', order: 'DESC' },
  });
  const users = useGetList<StaffUser>('users', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'last_name', order: 'ASC' },
    filter: { active: true },
  });
  const save = useMeetingChange((dataProvider, input: MeetingInput) =>
    meeting ? dataProvider.updateMeeting(meeting.id, input) : dataProvider.createMeeting(input),
  );
  const t = (key: string) => translate(`app.meetings.${key}`);
  const staff: Choice[] = (users.data ?? []).map((user) => ({ id: user.id, name: `${user.first_name} ${user.last_name}` }));
  // Members already on the meeting stay choosable even when the list of users no longer holds them (deactivated).
  const options = [...draft.members.filter((member) => !staff.some((user) => user.id === member.id)), ...staff];
  // The secretary need not be a member; one no longer active stays choosable too.
  const secretary = meeting?.secretary;
  const secretaries = secretary && !options.some((user) => user.id === secretary.id) ? [secretary, ...options] : options;
  const change = <K extends keyof Draft>(name: K, value: Draft[K], field: string = name) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setMembers = (members: Choice[]) => {
    const kept = (id: number | '') => (members.some((member) => member.id === id) ? id : '');
    setDraft((d) => ({ ...d, members, chair_id: kept(d.chair_id), adjuster_id: kept(d.adjuster_id) }));
    setErrors(({ member_ids: _, ...rest }) => rest);
  };

  const submit = async () => {
    const required = (label: string) => translate('validation.required', { attribute: t(`fields.${label}`).toLocaleLowerCase() });
    const missing: Record<string, string> = {};
    if (draft.period_id === '') missing.period_id = required('period');
    if (!draft.held_on) missing.held_on = required('held_on');
    if (!draft.place.trim()) missing.place = required('place');
    if (!draft.members.length) missing.member_ids = required('members');
    if (draft.chair_id === '') missing.chair_id = required('chair');
    if (draft.adjuster_id === '') missing.adjuster_id = required('adjuster');
    if (draft.starts_at && draft.ends_at && draft.ends_at <= draft.starts_at) missing.ends_at = translate('validation.meeting_ends_before');
    setErrors(missing);
    setMessage(null);
    if (Object.keys(missing).length) return;
    try {
      const saved = await save.mutateAsync({
        period_id: Number(draft.period_id),
        held_on: draft.held_on,
        place: draft.place.trim(),
        member_ids: draft.members.map((member) => member.id),
        chair_id: Number(draft.chair_id),
        adjuster_id: Number(draft.adjuster_id),
        secretary_id: draft.secretary_id === '' ? null : Number(draft.secretary_id),
        starts_at: draft.starts_at || null,
        ends_at: draft.ends_at || null,
      });
      notify(meeting ? 'app.meetings.saved' : 'app.meetings.created', { type: 'success' });
      onClose();
      onSaved?.(saved);
    } catch (failure) {
      setMessage((failure as Error).message);
      setErrors(errorBody(failure as HttpError)?.errors ?? {});
    }
  };

  const among = (name: 'chair_id' | 'adjuster_id', label: string) => (
    <TextField
      select
      id={`meeting-${name}`}
      label={t(`fields.${label}`)}
      value={draft.members.some((member) => member.id === draft[name]) ? draft[name] : ''}
      onChange={(event) => change(name, Number(event.target.value))}
      error={!!errors[name]}
      helperText={errors[name] ?? (draft.members.length ? ' ' : t('members_first'))}
      required
      disabled={!draft.members.length}
    >
      {draft.members.map((member) => (
        <MenuItem key={member.id} value={member.id}>
          {member.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <WorkDialog
      id="meeting-form"
      title={meeting ? t('edit') : t('new')}
      busy={save.isPending}
      onClose={onClose}
      long
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()}>
            {translate('ra.action.save')}
          </Button>
        </>
      }
    >
      <Stack component="form" spacing={1} noValidate sx={{ pt: 1 }}>
        <TextField
          select
          id="meeting-period"
          label={t('fields.period')}
          value={periods.data?.some((period) => period.id === draft.period_id) ? draft.period_id : ''}
          onChange={(event) => change('period_id', Number(event.target.value))}
          error={!!errors.period_id}
          helperText={errors.period_id ?? ' '}
          required
        >
          {(periods.data ?? []).map((period) => (
            <MenuItem key={period.id} value={period.id}>
              {period.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="meeting-held-on"
          type="date"
          label={t('fields.held_on')}
          value={draft.held_on}
          onChange={(event) => change('held_on', event.target.value)}
          error={!!errors.held_on}
          helperText={errors.held_on ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <Stack direction="row" spacing={2}>
          {(['starts_at', 'ends_at'] as const).map((name) => (
            <TextField
              key={name}
              id={`meeting-${name}`}
              type="time"
              label={t(`fields.${name}`)}
              value={draft[name]}
              onChange={(event) => change(name, event.target.value)}
              error={!!errors[name]}
              helperText={errors[name] ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          ))}
        </Stack>
        <TextField
          id="meeting-place"
          label={t('fields.place')}
          value={draft.place}
          onChange={(event) => change('place', event.target.value)}
          error={!!errors.place}
          helperText={errors.place ?? ' '}
          required
        />
        <Autocomplete
          multiple
          id="meeting-members"
          options={options}
          value={draft.members}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_, members) => setMembers(members)}
          filterSelectedOptions
          noOptionsText={t('no_users')}
          renderInput={(params) => (
            <TextField {...params} label={t('fields.members')} error={!!errors.member_ids} helperText={errors.member_ids ?? ' '} required />
          )}
        />
        {among('chair_id', 'chair')}
        {among('adjuster_id', 'adjuster')}
        <TextField
          select
          id="meeting-secretary_id"
          label={t('fields.secretary')}
          value={secretaries.some((user) => user.id === draft.secretary_id) ? draft.secretary_id : ''}
          onChange={(event) => change('secretary_id', event.target.value === '' ? '' : Number(event.target.value))}
          error={!!errors.secretary_id}
          helperText={errors.secretary_id ?? t('secretary_help')}
        >
          <MenuItem value="">{t('no_secretary')}</MenuItem>
          {secretaries.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </TextField>
        {message && <Alert severity="error">{message}</Alert>}
      </Stack>
    </WorkDialog>
  );
}
