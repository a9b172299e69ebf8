import { Typography } from '@mui/material';
import { useI18n } from '../../components/i18n';
import type { SaveState } from './useDraft';

/** When the draft was last saved, or that it is being saved or waits for the connection; read out politely. */
export function SaveStatus({ state, savedAt }: { state: SaveState; savedAt: string }) {
  const { t, locale } = useI18n();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(
    new Date(savedAt),
  );
  const text =
    state.kind === 'saving'
      ? t('portal.apply.saving')
      : state.kind === 'retrying'
        ? t('portal.apply.save_retrying', { message: state.message })
        : state.kind === 'failed'
          ? t('portal.apply.save_failed', { message: state.message })
          : t('portal.apply.saved_at', { time });
  return (
    <Typography
      role="status"
      variant="body2"
      color={state.kind === 'retrying' || state.kind === 'failed' ? 'error' : 'text.secondary'}
      data-testid="save-status"
    >
      {text}
    </Typography>
  );
}
