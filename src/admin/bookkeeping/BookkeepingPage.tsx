import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { HttpError, Title, useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { hasAbility, type Ability } from '../../../resources/abilities';
import { usePageTitle } from '../../components/usePageTitle';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../downloadFile';

/** Today in Stockholm, 'YYYY-MM-DD'. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/**
 * The grants' bookkeeping as an SIE file for the accounting program, for the days chosen (this year so far unless
 * changed): decisions, payouts, returns, repayments and lapses, each a voucher on the accounts of the payment
 * settings. For those who manage payouts of every period, as the file covers them all.
 */
export default function BookkeepingPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { permissions } = usePermissions<Ability[]>();
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const t = (key: string) => translate(`app.bookkeeping.${key}`);
  usePageTitle(t('title'));
  const general = hasAbility(permissions ?? [], 'manage-payouts');

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setProblems({});
    try {
      saveFile(await dataProvider.getBookkeepingFile(from, to), `${t('file_name')}_${from}_${to}.se`);
    } catch (failure) {
      setMessage((failure as Error).message);
      if (failure instanceof HttpError) setProblems(errorBody(failure)?.errors ?? {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: '40rem' }}>
      <Title title={t('title')} />
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      {permissions && !general ? (
        <Alert severity="info">{t('general_only')}</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={(event) => void download(event)} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={t('from')}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!problems.from}
              helperText={problems.from ?? ' '}
            />
            <TextField
              type="date"
              label={t('to')}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!problems.to}
              helperText={problems.to ?? ' '}
            />
          </Stack>
          {message && <Alert severity="error">{message}</Alert>}
          <Box>
            <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={busy}>
              {t('download')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
