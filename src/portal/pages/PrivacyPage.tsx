import { Typography } from '@mui/material';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';
import { PrivacyNotice } from '../PrivacyNotice';

/** /integritet: the privacy notice, for anyone; the footer of every page and /register link to it. */
export default function PrivacyPage() {
  const { t } = useI18n();
  usePageTitle(t('portal.privacy.title'));

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('portal.privacy.title')}
      </Typography>
      <PrivacyNotice />
    </>
  );
}
