import { Alert, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../../resources/format';
import type { Followup } from '../../../providers/staffMethods';
import { FollowupFacts } from './FollowupFacts';

/** A follow-up requested and not yet sent in: when it was asked for, when it is due, and whether a reminder went out. */
export function FollowupRequested({ followup }: { followup: Followup }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`app.followup.${key}`, options);
  const date = (value: string | null) => formatDate(value, locale);

  return (
    <Stack spacing={2}>
      <FollowupFacts
        rows={[
          [t('requested_at'), date(followup.requested_at)],
          [t('due_at'), date(followup.due_at)],
          [t('reminder'), followup.reminded_at ? t('reminded_at', { date: date(followup.reminded_at) }) : t('not_reminded')],
        ]}
      />
      <Alert severity="info">{t('waiting')}</Alert>
    </Stack>
  );
}
