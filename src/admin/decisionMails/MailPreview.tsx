import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DecisionMailPreview } from '../../providers/staffMethods';

/** A mail as its recipient will read it: to whom, the subject and the whole text, in a frame like a mail program's. */
export function MailPreview({ mail, label }: { mail: DecisionMailPreview; label: string }) {
  const translate = useTranslate();
  return (
    <Box
      component="figure"
      aria-label={label}
      sx={{ m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default', overflowWrap: 'anywhere' }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('app.decision_mail.preview_to', { to: mail.to })}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {mail.subject}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {mail.body}
      </Typography>
    </Box>
  );
}
