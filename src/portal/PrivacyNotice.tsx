import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useI18n } from '../components/i18n';
import { portalReads, useRead } from './portalApi';

/** The notice's paragraphs: the text staff wrote, split at its blank lines. */
export function noticeParagraphs(body: string): string[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * The privacy notice in the chosen language (loaded again when it changes), as plain text: one paragraph for each
 * block between blank lines, a single line break kept as a break. Used by /integritet and /mina-uppgifter.
 */
export function PrivacyNotice() {
  const { t, locale } = useI18n();
  const { data, error, loading } = useRead(portalReads.privacyNotice(), locale);
  const paragraphs = data ? noticeParagraphs(data.body) : [];

  return (
    <>
      {loading && <LinearProgress aria-label={t('portal.loading')} sx={{ mb: 2 }} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && !paragraphs.length && <Typography>{t('portal.privacy.empty')}</Typography>}
      {paragraphs.length > 0 && (
        <Box lang={data?.locale}>
          {paragraphs.map((paragraph, i) => (
            // The paragraphs keep the text's order and never move: the index is their identity.
            <Typography key={i} component="p" sx={{ mb: 2, whiteSpace: 'pre-line', '&:last-child': { mb: 0 } }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}
