import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { isAllowed, type Ability } from '../../../resources/abilities';
import type { AgendaItem, Meeting } from '../../providers/staffMethods';
import { AddApplicationsDialog } from './AddApplicationsDialog';
import { useAgendaFormat } from './agendaFormat';
import { ReadApplicationDialog } from './ReadApplicationDialog';
import { useMeetingChange } from './useMeeting';

/**
 * The meeting's agenda as a table. Those who prepare the meeting add the period's reviewed applications or chosen ones,
 * move a line up or down and take one off; a member declares a conflict of interest per application, and reads those
 * they have not stood aside from.
 */
export function AgendaSection({ meeting, manages, member }: { meeting: Meeting; manages: boolean; member: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useAgendaFormat();
  const { permissions = [] } = usePermissions<Ability[]>();
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<AgendaItem | null>(null);
  const decided = meeting.decided_at !== null;
  // Staff who handle the period's applications open one in the applications list's dialog.
  const opensApplications = isAllowed(permissions, 'manage-applications', { id: meeting.period.id, type: 'periods' });
  const uuids = meeting.agenda.map((item) => item.application.uuid);
  const setAgenda = useMeetingChange((dp, order: string[]) => dp.setAgenda(meeting.id, order));
  const addReviewed = useMeetingChange((dp, _: null) => dp.addReviewedToAgenda(meeting.id));
  const declare = useMeetingChange((dp, { uuid, conflict }: { uuid: string; conflict: boolean }) =>
    dp.declareConflict(meeting.id, uuid, conflict),
  );
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
  const headers = ['reference', 'applicant', 'category', 'applied', 'proposed', 'score', 'proposal', 'conflicts'];

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
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="meeting-agenda">
            <TableHead>
              <TableRow>
                {headers.map((name) => (
                  <TableCell key={name} align={['applied', 'proposed', 'score'].includes(name) ? 'right' : 'left'}>
                    {t(`agenda_fields.${name}`)}
                  </TableCell>
                ))}
                {decided && <TableCell>{t('agenda_fields.decision')}</TableCell>}
                {(manages || member) && <TableCell>{t('agenda_fields.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {meeting.agenda.map((item, index) => {
                const { application } = item;
                const reference = application.reference ?? '–';
                const stoodAside = meeting.my_conflicts[application.uuid] === true;
                return (
                  <TableRow key={application.uuid}>
                    <TableCell>
                      {opensApplications ? (
                        <Link component={RouterLink} to={`/applications?show=${encodeURIComponent(application.uuid)}`}>
                          {reference}
                        </Link>
                      ) : (
                        reference
                      )}
                    </TableCell>
                    <TableCell>{format.applicant(item)}</TableCell>
                    <TableCell>{application.category ?? '–'}</TableCell>
                    <TableCell align="right">{format.money(application.money)}</TableCell>
                    <TableCell align="right">{format.money(application.proposed_amount)}</TableCell>
                    <TableCell align="right">
                      {format.score(item)}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {format.reviews(item)}
                      </Typography>
                    </TableCell>
                    <TableCell>{format.proposal(item)}</TableCell>
                    <TableCell>{item.conflicts.map((person) => person.name).join(', ') || '–'}</TableCell>
                    {decided && <TableCell>{format.decision(item)}</TableCell>}
                    {(manages || member) && (
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {manages && (
                          <>
                            <IconButton
                              size="small"
                              aria-label={t('move_up', { reference })}
                              disabled={busy || index === 0}
                              onClick={() => move(index, -1)}
                            >
                              <ArrowUpwardIcon fontSize="small" />
                            </IconButton>
                            <IconButton
                              size="small"
                              aria-label={t('move_down', { reference })}
                              disabled={busy || index === meeting.agenda.length - 1}
                              onClick={() => move(index, 1)}
                            >
                              <ArrowDownwardIcon fontSize="small" />
                            </IconButton>
                            <IconButton
                              size="small"
                              aria-label={t('take_off', { reference })}
                              disabled={busy}
                              onClick={() => takeOff(application.uuid)}
                            >
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </>
                        )}
                        {member && (
                          <>
                            <FormControlLabel
                              control={
                                <Checkbox
                                  size="small"
                                  checked={stoodAside}
                                  disabled={decided || declare.isPending}
                                  onChange={(event) =>
                                    declare.mutate({ uuid: application.uuid, conflict: event.target.checked }, { onError: failed })
                                  }
                                  slotProps={{ input: { 'aria-label': t('conflict_of', { reference }) } }}
                                />
                              }
                              label={t('conflict')}
                            />
                            {!stoodAside && (
                              <Button size="small" onClick={() => setReading(item)} aria-label={t('read_of', { reference })}>
                                {t('read')}
                              </Button>
                            )}
                          </>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
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
      {reading && <ReadApplicationDialog meetingId={meeting.id} item={reading} onClose={() => setReading(null)} />}
    </Box>
  );
}
