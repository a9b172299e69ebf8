import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AgendaItem } from '../../providers/staffMethods';
import { ApplicationDetails } from '../applications/ApplicationDetails';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { meetingScope } from './useMeeting';

/** A member's reading of an application on the agenda, as sent in, through the meeting (read only). */
export function ReadApplicationDialog({ meetingId, item, onClose }: { meetingId: number; item: AgendaItem; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const { uuid, reference } = item.application;
  const query = useStaffQuery([...meetingScope(meetingId), 'application', uuid], 'getMeetingApplication', [meetingId, uuid]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} scroll="paper" aria-labelledby="meeting-application">
      <DialogTitle id="meeting-application">{translate('app.meetings.read_title', { reference: reference ?? '' })}</DialogTitle>
      {/* Read with the keyboard too: the whole application scrolls in here, and in a reading nothing in it takes the focus. */}
      <DialogContent dividers tabIndex={0} aria-label={translate('app.meetings.read_title', { reference: reference ?? '' })}>
        <Loaded query={query}>{(application) => <ApplicationDetails data={application} mode="read" />}</Loaded>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
