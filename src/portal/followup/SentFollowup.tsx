import { Box, Typography } from '@mui/material';
import { useI18n } from '../../components/i18n';
import { FollowupFiles } from './FollowupFiles';
import type { Followup } from './types';

/** A report sent in: the answers as text and the files to download, nothing to change. */
export function SentFollowup({ followup }: { followup: Followup }) {
  const { t, locale } = useI18n();
  const number = (n: number | null) => (n === null ? '–' : new Intl.NumberFormat(locale).format(n));
  const answers: [string, string][] = [
    [
      t('portal.followup.according_to_plan'),
      followup.according_to_plan === null ? '–' : t(followup.according_to_plan ? 'portal.followup.yes' : 'portal.followup.no'),
    ],
    [t('portal.followup.according_to_plan_comment'), followup.according_to_plan_comment ?? '–'],
    [t('portal.followup.participants'), number(followup.participants)],
    [t('portal.followup.events'), number(followup.events)],
    [t('portal.followup.marketing'), followup.marketing ?? '–'],
  ];
  return (
    <>
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        {answers.map(([question, answer]) => (
          <Box key={question} sx={{ mb: 2 }}>
            <Typography component="dt" variant="subtitle2">
              {question}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {answer}
            </Typography>
          </Box>
        ))}
      </Box>
      <FollowupFiles
        applicationUuid={followup.application_uuid}
        files={followup.files}
        maxBytes={followup.upload_max_bytes}
        onChange={() => undefined}
        readOnly
      />
    </>
  );
}
