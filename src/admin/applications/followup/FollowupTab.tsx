import { Alert, LinearProgress, Stack } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import type { StaffApplication } from '../../../providers/staffMethods';
import { useApplicationQuery } from '../../useStaffQuery';
import { FollowupRequested } from './FollowupRequested';
import { FollowupSentIn } from './FollowupSentIn';
import { RequestFollowup } from './RequestFollowup';

/** The server answers 404 while no follow-up has been requested: that is a state of the tab, not a failure. */
const notRequested = (error: Error | null) => error instanceof HttpError && error.status === 404;

/**
 * The dialog's "Follow-up" tab: a way to request the report while none is, then when it was requested and is due, and
 * once sent in the applicant's answers and files with a way to mark the application finished. Investigators only read.
 */
export function FollowupTab({ application, mode }: { application: StaffApplication; mode: 'manage' | 'investigate' }) {
  const translate = useTranslate();
  const { data: followup, error } = useApplicationQuery('getFollowup', application.uuid);

  return (
    <Stack spacing={3}>
      {error && !notRequested(error) && <Alert severity="error">{error.message}</Alert>}
      {!followup && !error && <LinearProgress aria-label={translate('app.loading')} />}
      {notRequested(error) && <RequestFollowup application={application} canRequest={mode === 'manage'} />}
      {followup && !followup.sent_in_at && <FollowupRequested followup={followup} />}
      {followup?.sent_in_at && <FollowupSentIn application={application} followup={followup} canFinish={mode === 'manage'} />}
    </Stack>
  );
}
