import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Link, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { visuallyHidden } from '../../components/visuallyHidden';
import { SingletonForm } from '../resources/SingletonForm';
import { RetentionPreviewSection } from './RetentionPreviewTable';
import { RetentionRunsSection } from './RetentionRuns';

/**
 * Settings → Data protection: how long applicants' data is kept before it is deleted or anonymised, what a run would
 * do now (with the periods postponed), the runs, and the privacy notice applicants read (the title is the app bar's h1).
 */
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
        <SingletonForm name="retention" />
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('app.data_protection.preview')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('app.data_protection.preview_intro')}</Typography>
        <RetentionPreviewSection />
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('app.data_protection.runs.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('app.data_protection.runs.intro')}</Typography>
        <RetentionRunsSection />
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('app.data_protection.notice.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('app.data_protection.notice.intro')}</Typography>
        <SingletonForm name="privacy-notices">
          <PrivacyPageLink />
        </SingletonForm>
      </Paper>
    </Box>
  );
}

/** The privacy notice as applicants read it, in a new tab. */
function PrivacyPageLink() {
  const translate = useTranslate();
  return (
    <Link href="/integritet" target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {translate('app.data_protection.notice.open_page')}
      <OpenInNewIcon fontSize="small" aria-hidden />
      <Box component="span" sx={visuallyHidden}>{` (${translate('app.data_protection.notice.new_tab')})`}</Box>
    </Link>
  );
}
