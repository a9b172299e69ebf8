import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../../resources/format';
import type { Followup, StaffApplication } from '../../../providers/staffMethods';
import { MessageAttachments } from '../dialogue/MessageAttachments';
import { useToggleFinished } from '../useToggleFinished';
import { FollowupFacts } from './FollowupFacts';

/**
 * A follow-up sent in: its dates, the applicant's four answers and attached files and, for managers, the same
 * finished toggle as under the application, since reading the report is usually the last step.
 */
export function FollowupSentIn({
  application,
  followup,
  canFinish,
}: {
  application: StaffApplication;
  followup: Followup;
  canFinish: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const finished = useToggleFinished(application);
  const t = (key: string, options?: object) => translate(`app.followup.${key}`, options);
  const date = (value: string | null) => formatDate(value, locale);
  const count = (value: number | null) => (value === null ? null : value.toLocaleString(locale));
  const plan = followup.according_to_plan === null ? null : translate(followup.according_to_plan ? 'app.yes' : 'app.no');

  return (
    <Stack spacing={3}>
      <FollowupFacts
        rows={[
          [t('requested_at'), date(followup.requested_at)],
          [t('due_at'), date(followup.due_at)],
          [t('sent_in_at'), date(followup.sent_in_at)],
        ]}
      />
      <Stack component="section" aria-labelledby="followup-answers-heading" spacing={1}>
        <Typography variant="h6" component="h3" id="followup-answers-heading">
          {t('answers')}
        </Typography>
        <FollowupFacts
          rows={[
            [t('according_to_plan'), plan],
            [t('according_to_plan_comment'), followup.according_to_plan_comment],
            [t('participants'), count(followup.participants)],
            [t('events'), count(followup.events)],
            [t('marketing'), followup.marketing],
            [
              t('files'),
              followup.files.length ? (
                <MessageAttachments uuid={application.uuid} files={followup.files} label="app.followup.files" />
              ) : (
                t('no_files')
              ),
            ],
          ]}
        />
      </Stack>
      {application.finished && (
        <Alert severity="success" icon={<CheckCircleIcon />}>
          {translate('app.applications.marked_finished')}
        </Alert>
      )}
      {canFinish && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {!application.finished && <Typography color="text.secondary">{t('finish_hint')}</Typography>}
          <Button
            variant={application.finished ? 'outlined' : 'contained'}
            disabled={finished.pending}
            onClick={() => void finished.toggle()}
          >
            {translate(finished.label)}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
