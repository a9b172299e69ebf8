import { Box, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { RetentionPreviewSection } from './RetentionPreviewTable';
import { RetentionRulesSection } from './RetentionRulesForm';

/** Settings → Data protection: how long applicants' data is kept before it is deleted or anonymised (the title is the app bar's h1). */
export function DataProtectionPage() {
  const translate = useTranslate();
  const title = translate('app.data_protection.title');
  usePageTitle(title);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 3, maxWidth: 720 }}>{translate('app.data_protection.intro')}</Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {translate('app.data_protection.retention')}
        </Typography>
        <RetentionRulesSection />
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('app.data_protection.preview')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('app.data_protection.preview_intro')}</Typography>
        <RetentionPreviewSection />
      </Paper>
    </Box>
  );
}
