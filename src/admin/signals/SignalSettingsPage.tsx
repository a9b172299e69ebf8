import { Box, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { SingletonForm } from '../resources/SingletonForm';

/**
 * Settings → Signals: how similar two descriptions of one period must be to be a signal, and how many accounts from
 * one address in a day are too many; the settings singleton `signal-settings` (resources/signals.ts).
 */
export default function SignalSettingsPage() {
  const translate = useTranslate();
  const title = translate('signals.settings_title');
  usePageTitle(title);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 3, maxWidth: 720 }}>{translate('signals.settings_intro')}</Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <SingletonForm name="signal-settings" />
      </Paper>
    </Box>
  );
}
