import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Title, useDataProvider, useGetIdentity, useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isAllowed, type Ability } from '../../../resources/abilities';
import { formatDate, formatDateTime, formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { Meeting } from '../../providers/staffMethods';
import { saveFile } from '../downloadFile';
import { Loaded } from '../LoadFailed';
import { NotFoundPage } from '../pages/StatusScreens';
import { AgendaSection } from './AgendaSection';
import { MeetingDecisions } from './MeetingDecisions';
import { MeetingFormDialog } from './MeetingForm';
import { useMeetingChange, useMeetingQuery } from './useMeeting';
import { WITHHELD } from '../WithheldMarker';
import { stockholmToday } from '../stockholmToday';

/** meetings/:id: one board meeting, its agenda and totals, the board pack, deciding, and once decided the minutes. */
export default function MeetingPage() {
  const { id } = useParams();
  if (!/^\d+$/.test(id ?? '')) return <NotFoundPage />;
  return <MeetingScreen meetingId={Number(id)} />;
}

function MeetingScreen({ meetingId }: { meetingId: number }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const query = useMeetingQuery(meetingId);
  const title = query.data
    ? translate('app.meetings.one_title', { date: formatDate(query.data.held_on, locale) })
    : translate('app.meetings.title');
  usePageTitle(title);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Button component={RouterLink} to="/meetings" size="small" sx={{ mb: 1 }}>
        {translate('app.meetings.back')}
      </Button>
      <Loaded query={query}>{(meeting) => <MeetingView meeting={meeting} />}</Loaded>
    </Box>
  );
}

function MeetingView({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { permissions = [] } = usePermissions<Ability[]>();
  const { identity } = useGetIdentity();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [deciding, setDeciding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const remove = useMeetingChange((dp, id: number) => dp.deleteMeeting(id));
  const period = { id: meeting.period.id, type: 'periods' };
  const manages = isAllowed(permissions, 'manage-meetings', period);
  const mayDecide = isAllowed(permissions, { allOf: ['manage-meetings', 'manage-applications'] }, period);
  const member = meeting.members.some((person) => person.id === identity?.id);
  const decided = meeting.decided_at !== null;
  // The decisions are the meeting's, dated its day: entered from that day on (the server refuses them before).
  const held = meeting.held_on <= stockholmToday();
  const asideFrom = meeting.agenda.filter((item) => item.withheld === 'stood_aside').map((item) => item.application.reference ?? '–');
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.meetings.${key}`, options);

  const download = async (which: 'pack' | 'minutes') => {
    setDownloading(true);
    try {
      saveFile(await dataProvider.getMeetingPdf(meeting.id, which), `${t(`file_names.${which}`)}-${meeting.held_on}.pdf`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  const confirmDelete = () =>
    remove.mutate(meeting.id, {
      onSuccess: () => {
        notify('app.meetings.deleted', { type: 'success' });
        void navigate('/meetings');
      },
      onError: (error) => notify(error.message, { type: 'error' }),
      onSettled: () => setDialog(null),
    });
  const fact = (label: string, value: string) => (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t(`fields.${label}`)}:
      </Box>{' '}
      {value || '–'}
    </Typography>
  );

  const names = (people: { name: string }[]) => people.map((person) => person.name).join(', ');
  if (deciding) return <MeetingDecisions meeting={meeting} onClose={() => setDeciding(false)} />;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack spacing={0.5}>
            {meeting.minutes && fact('minutes', t('minutes_number', meeting.minutes))}
            {fact('held_on', formatDate(meeting.held_on, locale))}
            {fact('time', [meeting.starts_at, meeting.ends_at].filter(Boolean).join('–'))}
            {fact('place', meeting.place)}
            {fact('period', meeting.period.name)}
            {fact('chair', meeting.chair?.name ?? '')}
            {fact('adjuster', meeting.adjuster?.name ?? '')}
            {fact('secretary', meeting.secretary?.name ?? '')}
            {decided ? (
              <>
                {fact('present', names(meeting.members.filter((person) => person.present)))}
                {meeting.members.some((person) => person.present === false) &&
                  fact('absent', names(meeting.members.filter((person) => person.present === false)))}
              </>
            ) : (
              fact('members', names(meeting.members))
            )}
            {fact('decided', decided ? t('decided_on', { date: formatDateTime(meeting.decided_at, locale) }) : t('not_decided'))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }} useFlexGap flexWrap="wrap">
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('pack')} disabled={downloading}>
              {t('download_pack')}
            </Button>
            {decided && (
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('minutes')} disabled={downloading}>
                {t('download_minutes')}
              </Button>
            )}
            {mayDecide && !decided && held && meeting.agenda.length > 0 && !asideFrom.length && (
              <Button variant="contained" onClick={() => setDeciding(true)}>
                {t('decide')}
              </Button>
            )}
            {manages && !decided && (
              <>
                <Button onClick={() => setDialog('edit')}>{t('edit')}</Button>
                <Button color="error" onClick={() => setDialog('delete')}>
                  {translate('ra.action.delete')}
                </Button>
              </>
            )}
          </Stack>
          {mayDecide && !decided && !held && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('decided_from', { date: formatDate(meeting.held_on, locale) })}
            </Alert>
          )}
          {mayDecide && !decided && asideFrom.length > 0 && (
            // The board's decisions are taken together, and one who stood aside from any of them takes no part: the
            // server would refuse them, so it is said before rather than after.
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('errors.conflict_of_interest_in', { references: asideFrom.join(', ') })}
            </Alert>
          )}
        </CardContent>
      </Card>

      <AgendaSection meeting={meeting} manages={manages && !decided} member={member} changes={manages && decided} />
      <Totals meeting={meeting} />

      {dialog === 'edit' && <MeetingFormDialog meeting={meeting} onClose={() => setDialog(null)} />}
      <Confirm
        isOpen={dialog === 'delete'}
        loading={remove.isPending}
        title="app.meetings.delete_title"
        content="app.meetings.delete_question"
        translateOptions={{ date: formatDate(meeting.held_on, locale), place: meeting.place }}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

/** The agenda's sums against the period's amount: what remains after the proposals, or after the decisions once made. */
function Totals({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const { totals } = meeting;
  const decided = meeting.decided_at !== null;
  // Lines withheld from the reader are left out of the sums, so what would remain is not known to them: "–".
  const partial = totals.withheld_lines > 0;
  const after = partial ? null : totals.remaining - (decided ? totals.decided : totals.proposed);
  const row = (label: string, ore: number | null) => (
    <>
      <Typography component="dt" color="text.secondary">
        {translate(`app.meetings.totals.${label}`)}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
        {ore === null ? WITHHELD : formatMoney(ore, locale)}
      </Typography>
    </>
  );
  return (
    <Card component="section" aria-labelledby="meeting-totals">
      <CardContent>
        <Typography variant="h6" component="h2" id="meeting-totals" gutterBottom>
          {translate('app.meetings.totals.title')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 0.5, m: 0, maxWidth: '32rem' }}>
          {row('available_money', totals.available_money)}
          {row('approved_elsewhere', totals.approved_elsewhere)}
          {row('remaining', totals.remaining)}
          {row('applied', totals.applied)}
          {row(decided ? 'decided' : 'proposed', decided ? totals.decided : totals.proposed)}
          {row(decided ? 'left_after_decisions' : 'left_after_proposals', after)}
        </Box>
        {partial && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.withheld.totals_note', { smart_count: totals.withheld_lines })}
          </Typography>
        )}
        {after !== null && after < 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('app.meetings.totals.over', { amount: formatMoney(-after, locale) })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
