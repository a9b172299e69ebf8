import { Box, Typography } from '@mui/material';
import { useI18n } from '../../components/i18n';
import type { SaveState } from '../autosave/useAutosave';

interface Props {
  state: SaveState;
  /** When the server last confirmed a save; null before the first one (then it says that it saves as one types). */
  savedAt: string | null;
  /** Where the texts are: saving, save_retrying, save_failed, saved_at and saves_as_you_type. */
  texts?: string;
}

/** When the draft was last saved, or that it is being saved or waits for the connection; read out politely. */
export function SaveStatus({ state, savedAt, texts = 'portal.apply' }: Props) {
  const { t, locale } = useI18n();
  const time = (at: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(at));
  const text =
    state.kind === 'saving'
      ? t(`${texts}.saving`)
      : state.kind === 'retrying'
        ? t(`${texts}.save_retrying`, { message: state.message })
        : state.kind === 'failed'
          ? t(`${texts}.save_failed`, { message: state.message })
          : savedAt
            ? t(`${texts}.saved_at`, { time: time(savedAt) })
            : t(`${texts}.saves_as_you_type`);
  // "Saving…" and "Last saved at …" take turns as one types, and on a phone the second wraps onto two lines: the line
  // keeps the height of the longer, so the form below never moves under a finger or pointer that is about to press.
  const steady = t(`${texts}.saved_at`, { time: time(savedAt ?? new Date().toISOString()) });
  return (
    <Box sx={{ display: 'grid' }}>
      <Typography
        role="status"
        variant="body2"
        color={state.kind === 'retrying' || state.kind === 'failed' ? 'error' : 'text.secondary'}
        data-testid="save-status"
        sx={{ gridArea: '1 / 1' }}
      >
        {text}
      </Typography>
      {/* Drawn by CSS, so that it is neither read out nor found as the page's text. */}
      <Typography
        variant="body2"
        aria-hidden
        data-text={steady}
        sx={{ gridArea: '1 / 1', visibility: 'hidden', '&::before': { content: 'attr(data-text)' } }}
      />
    </Box>
  );
}
