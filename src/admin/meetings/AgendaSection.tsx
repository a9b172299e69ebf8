import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, usePermissions, useTranslate } from 'react-admin';
import { isAllowed, type Ability } from '../../../resources/abilities';
import type { AgendaItem, Meeting } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { AddApplicationsDialog } from './AddApplicationsDialog';
import { AgendaList, AgendaTable, type AgendaControls } from './AgendaLines';
import { ChangeDecisionDialog } from './ChangeDecisionDialog';
import { ReadApplicationDialog } from './ReadApplicationDialog';
import { useMeetingChange } from './useMeeting';

/**
 * The meeting's agenda: a table on a screen, a list on a phone. Those who prepare the meeting add the period's reviewed applications or chosen ones,
 * move a line up or down and take one off; a member declares a conflict of interest per application, after a
 * confirmation (it is final), and reads those they have not stood aside from.
 */
export function AgendaSection({
  meeting,
  manages,
  member,
  changes = false,
}: {
  meeting: Meeting;
  manages: boolean;
  member: boolean;
  /** Its decisions may be taken up again at a later meeting (a decided meeting, for those who manage meetings). */
  changes?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useIsPhone();
  const { permissions = [] } = usePermissions<Ability[]>();
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<AgendaItem | null>(null);
  const [asking, setAsking] = useState<AgendaItem | null>(null);
  const [changing, setChanging] = useState<AgendaItem | null>(null);
  // Staff who handle the period's applications open one in the applications list's dialog.
  const opensApplications = isAllowed(permissions, 'manage-applications', { id: meeting.period.id, type: 'periods' });
  const uuids = meeting.agenda.map((item) => item.application.uuid);
  const setAgenda = useMeetingChange((dp, order: string[]) => dp.setAgenda(meeting.id, order));
  const addReviewed = useMeetingChange((dp, _: null) => dp.addReviewedToAgenda(meeting.id));
  // A conflict is final (the server refuses declaring none after it) and closes the application to the member.
  const declare = useMeetingChange((dp, uuid: string) => dp.declareConflict(meeting.id, uuid, true));
  const failed = (error: Error) => notify(error.message, { type: 'error' });
  const move = (index: number, by: -1 | 1) => {
    const order = [...uuids];
    [order[index], order[index + by]] = [order[index + by], order[index]];
    setAgenda.mutate(order, { onError: failed });
  };
  const takeOff = (uuid: string) =>
    setAgenda.mutate(
      uuids.filter((other) => other !== uuid),
      { onError: failed },
    );
  const appendReviewed = () =>
    addReviewed.mutate(null, {
      onSuccess: (answer) =>
        notify('app.meetings.reviewed_added', { type: 'success', messageArgs: { smart_count: answer.agenda.length - uuids.length } }),
      onError: failed,
    });
  const busy = setAgenda.isPending || addReviewed.isPending;
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.meetings.${key}`, options);
  const controls: AgendaControls = {
    meeting,
    manages,
    member,
    change: changes ? setChanging : null,
    opensApplications,
    busy,
    declaring: declare.isPending,
    asking: asking?.application.uuid ?? null,
    move,
    takeOff,
    declare: setAsking,
    read: setReading,
  };

  return (
    <Box component="section" aria-labelledby="meeting-agenda">
      <Typography variant="h6" component="h2" id="meeting-agenda" gutterBottom>
        {t('agenda')}
      </Typography>
      {manages && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
          <Button variant="outlined" onClick={appendReviewed} disabled={busy}>
            {t('add_reviewed')}
          </Button>
          <Button variant="outlined" onClick={() => setAdding(true)} disabled={busy}>
            {t('add_chosen')}
          </Button>
        </Stack>
      )}
      {meeting.agenda.length === 0 ? (
        <Alert severity="info">{t(manages ? 'agenda_empty_manager' : 'agenda_empty')}</Alert>
      ) : phone ? (
        <AgendaList controls={controls} />
      ) : (
        <AgendaTable controls={controls} />
      )}
      {adding && (
        <AddApplicationsDialog
          meeting={meeting}
          busy={setAgenda.isPending}
          onClose={() => setAdding(false)}
          onAdd={(chosen) =>
            setAgenda.mutate([...uuids, ...chosen], {
              onSuccess: () => setAdding(false),
              onError: failed,
            })
          }
        />
      )}
      {changing && <ChangeDecisionDialog meeting={meeting} item={changing} onClose={() => setChanging(null)} />}
      {reading && <ReadApplicationDialog meetingId={meeting.id} item={reading} onClose={() => setReading(null)} />}
      <Confirm
        isOpen={!!asking}
        loading={declare.isPending}
        title="app.meetings.declare_conflict_title"
        content="app.meetings.declare_conflict_question"
        translateOptions={{ reference: asking?.application.reference ?? '–' }}
        confirm="app.meetings.declare_conflict_confirm"
        onConfirm={() => declare.mutate(asking!.application.uuid, { onError: failed, onSettled: () => setAsking(null) })}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
