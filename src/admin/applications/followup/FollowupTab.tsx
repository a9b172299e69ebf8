import { LinearProgress, Stack } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import type { StaffApplication } from '../../../providers/staffMethods';
import { useApplicationQuery } from '../../useStaffQuery';
import { LoadFailed } from '../../LoadFailed';
import { FollowupRequested } from './FollowupRequested';
import { FollowupSentIn } from './FollowupSentIn';
import { RequestFollowup } from './RequestFollowup';

/** The server answers 404 while no follow-up has been requested: that is a state of the tab, not a failure. */
const notFound = (error: Error | null) => error instanceof HttpError && error.status === 404;

/**
 * The dialog's "Follow-up" tab: a way to request the report while none is, then when it was requested and is due, and
 * once sent in the applicant's answers and files with a way to mark the application finished. Investigators only read.
 */
export function FollowupTab({ application, mode }: { application: StaffApplication; mode: 'manage' | 'investigate' }) {
  const translate = useTranslate();
  // Requesting sets the due date on the application, so without one there is nothing to ask the server for.
  const requested = !!application.progress.followup_at;
  const { data: followup, error, refetch } = useApplicationQuery('getFollowup', application.uuid, { enabled: requested });
  const none = !requested || notFound(error);

  return (
    <Stack spacing={3}>
      {error && !none && <LoadFailed error={error} retry={refetch} />}
      {requested && !followup && !error && <LinearProgress aria-label={translate('app.loading')} />}
      {none && <RequestFollowup application={application} canRequest={mode === 'manage'} />}
      {followup && !none && !followup.sent_in_at && <FollowupRequested followup={followup} />}
      {followup?.sent_in_at && !none && <FollowupSentIn application={application} followup={followup} canFinish={mode === 'manage'} />}
    </Stack>
  );
}
