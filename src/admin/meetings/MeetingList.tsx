import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, List, SimpleList, TopToolbar, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { mayReach, type Ability } from '../../../resources/abilities';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatDate } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { MeetingRow } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { MeetingFormDialog } from './MeetingForm';

/** "Nytt möte", for those who prepare meetings: the form in a dialog, then the new meeting's page. */
function NewMeetingButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions<Ability[]>();
  const [open, setOpen] = useState(false);
  if (!mayReach(permissions ?? [], 'manage-meetings')) return null;
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.meetings.new')}
      </Button>
      {open && <MeetingFormDialog onClose={() => setOpen(false)} onSaved={(meeting) => void navigate(`/meetings/${meeting.id}`)} />}
    </>
  );
}

function NoMeetings() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography sx={{ mb: 1 }}>{translate('app.meetings.empty')}</Typography>
        <NewMeetingButton />
      </CardContent>
    </Card>
  );
}

/**
 * meetings: the board meetings, latest first: when, where, the period, the members, how many applications are on the
 * agenda and whether it has decided; a row opens the meeting. A board member sees only the meetings they belong to
 * (the server lists those alone).
 */
export default function MeetingList() {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const title = translate('app.meetings.title');
  usePageTitle(title);
  const phone = useIsPhone();
  const link = (id: unknown) => `/meetings/${String(id)}`;
  const names = (r: MeetingRow) => r.members.map((member) => member.name).join(', ');
  const state = (r: MeetingRow) =>
    r.decided_at ? translate('app.meetings.decided_on', { date: formatDate(r.decided_at, locale) }) : translate('app.meetings.not_decided');
  return (
    <Box>
      <Typography sx={{ mt: 2 }}>{translate('app.meetings.intro')}</Typography>
      <List
        resource="meetings"
        title={title}
        sort={{ field: 'held_on', order: 'DESC' }}
        perPage={PAGE_SIZE}
        actions={
          <TopToolbar>
            <NewMeetingButton />
          </TopToolbar>
        }
        empty={<NoMeetings />}
      >
        {phone ? (
          <SimpleList<MeetingRow>
            primaryText={(r) => `${formatDate(r.held_on, locale)} · ${r.place}`}
            secondaryText={(r) => (
              <>
                {r.period.name} · {translate('app.meetings.agenda_count', { smart_count: r.agenda_count })}
                <br />
                {state(r)}
              </>
            )}
            rowClick={(id) => link(id)}
          />
        ) : (
          <DataTable<MeetingRow> rowClick={(id) => link(id)} bulkActionButtons={false}>
            <DataTable.Col<MeetingRow> source="held_on" label="app.meetings.fields.held_on" render={(r) => formatDate(r.held_on, locale)} />
            <DataTable.Col source="place" label="app.meetings.fields.place" disableSort />
            <DataTable.Col<MeetingRow> source="period" label="app.meetings.fields.period" render={(r) => r.period.name} />
            <DataTable.Col<MeetingRow> source="members" label="app.meetings.fields.members" disableSort render={names} />
            <DataTable.Col source="agenda_count" label="app.meetings.fields.agenda_count" disableSort align="right" />
            <DataTable.Col<MeetingRow> source="decided_at" label="app.meetings.fields.decided" disableSort render={state} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
