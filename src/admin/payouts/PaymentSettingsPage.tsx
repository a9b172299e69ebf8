import { Box, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { SingletonForm } from '../resources/SingletonForm';

/**
 * Settings → Payments: the foundation as the payment file names it (name, organisation number, the account the
 * payments leave from: a bankgiro, or an IBAN with its BIC) and the bookkeeping's accounts and financial year; the
 * settings singleton `payment-settings` (resources/paymentSettings.ts).
 */
export default function PaymentSettingsPage() {
  const translate = useTranslate();
  const title = translate('app.payment_settings.title');
  usePageTitle(title);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 3, maxWidth: 720 }}>{translate('app.payment_settings.intro')}</Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <SingletonForm name="payment-settings" />
      </Paper>
    </Box>
  );
}
