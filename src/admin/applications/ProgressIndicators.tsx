import CheckCircle from '@mui/icons-material/CheckCircle';
import EventAvailable from '@mui/icons-material/EventAvailable';
import EventNote from '@mui/icons-material/EventNote';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import MoneyOff from '@mui/icons-material/MoneyOff';
import NewReleases from '@mui/icons-material/NewReleases';
import Payments from '@mui/icons-material/Payments';
import PriceCheck from '@mui/icons-material/PriceCheck';
import Send from '@mui/icons-material/Send';
import SyncProblem from '@mui/icons-material/SyncProblem';
import { Box, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../resources/format';
import type { ApplicationProgress as Progress } from '../../providers/staffMethods';

/**
 * Slots always in the same order so that a column reads at a glance: a lit icon when the state holds, a faint
 * one when not; each says what it means in its tooltip and to screen readers.
 */
export function ProgressIndicators({ progress }: { progress: Progress }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const date = (value: string | null) => formatDate(value, locale);
  const slot = (on: boolean, icon: ReactElement, label: string, key: string, color = 'primary.main') => (
    <Tooltip key={key} title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{ display: 'inline-flex', color: on ? color : 'action.disabled', opacity: on ? 1 : 0.45 }}
      >
        {icon}
      </Box>
    </Tooltip>
  );
  const t = (key: string, options?: object) => translate(`app.applications.progress.${key}`, options);
  // A follow-up sent in replaces the follow-up date.
  const followup = progress.followup_sent_in_at
    ? slot(true, <EventAvailable fontSize="small" />, t('followup_sent_in', { date: date(progress.followup_sent_in_at) }), 'followup')
    : slot(
        !!progress.followup_at,
        <EventNote fontSize="small" />,
        progress.followup_at ? t('followup_at', { date: date(progress.followup_at) }) : t('no_followup'),
        'followup',
      );
  // An approved application's money: lit while asked for or paid, a warning once lapsed; faint before anything is asked.
  const payoutLabel = t(`payout_${progress.payout ?? 'no_grant'}`);
  const payout =
    progress.payout === 'paid'
      ? slot(true, <PriceCheck fontSize="small" />, payoutLabel, 'payout', 'success.main')
      : progress.payout === 'lapsed'
        ? slot(true, <MoneyOff fontSize="small" />, payoutLabel, 'payout', 'warning.main')
        : slot(progress.payout === 'in_progress', <Payments fontSize="small" />, payoutLabel, 'payout');
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {slot(progress.unhandled, <NewReleases fontSize="small" />, progress.unhandled ? t('unhandled') : t('handled'), 'unhandled')}
      {slot(
        progress.unread_messages,
        <MarkEmailUnread fontSize="small" />,
        progress.unread_messages ? t('unread') : t('no_unread'),
        'unread',
      )}
      {followup}
      {progress.decision_changed_after_mail
        ? // The mail went, but says another decision than the one that stands: the applicant is still to be told.
          slot(
            true,
            <SyncProblem fontSize="small" />,
            t('mail_outdated', { date: date(progress.distribution_mail_sent_at) }),
            'mail',
            'warning.main',
          )
        : slot(
            !!progress.distribution_mail_sent_at,
            <Send fontSize="small" />,
            progress.distribution_mail_sent_at ? t('mail_sent', { date: date(progress.distribution_mail_sent_at) }) : t('no_mail'),
            'mail',
          )}
      {payout}
      {slot(progress.finished, <CheckCircle fontSize="small" />, progress.finished ? t('finished') : t('not_finished'), 'finished')}
    </Box>
  );
}
