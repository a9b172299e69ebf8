import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HttpError, Title, useDataProvider, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { hasAbility, type Ability } from '../../../resources/abilities';
import { usePageTitle } from '../../components/usePageTitle';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import type { BookkeepingExport } from '../../providers/staffMethods';
import { saveFile } from '../downloadFile';
import { stockholmToday } from '../stockholmToday';
import { useSingleton, useStaffQuery } from '../useStaffQuery';

const scope = ['bookkeeping-exports'];

/** The first day of the financial year today is in, when the year starts in `firstMonth`. */
function yearStart(firstMonth: number): string {
  const today = stockholmToday();
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < firstMonth ? 1 : 0);
  return `${year}-${String(firstMonth).padStart(2, '0')}-01`;
}

/**
 * The grants' bookkeeping as an SIE file for the accounting program, for the days chosen (this financial year so far
 * unless changed): the journal's vouchers, as they were booked. Days exported before are named, and downloaded again
 * only when confirmed, so the accounting program does not import them twice; the exports so far are listed. For those
 * who manage payouts of every period, as the file covers them all.
 */
export default function BookkeepingPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Ability[]>();
  const t = (key: string, options?: object) => translate(`app.bookkeeping.${key}`, options);
  usePageTitle(t('title'));
  const general = hasAbility(permissions ?? [], 'manage-payouts');
  return (
    <Box sx={{ py: 2, maxWidth: '48rem' }}>
      <Title title={t('title')} />
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      {permissions && !general ? <Alert severity="info">{t('general_only')}</Alert> : permissions && <ExportForm />}
    </Box>
  );
}

function ExportForm() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const t = (key: string, options?: object) => translate(`app.bookkeeping.${key}`, options);
  const settings = useSingleton('payment-settings');
  const exports = useStaffQuery(scope, 'getBookkeepingExports', []);
  const [typedFrom, setFrom] = useState<string | null>(null);
  const from = typedFrom ?? yearStart(settings.data?.financial_year_first_month ?? 1);
  const [to, setTo] = useState(stockholmToday);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [overlapping, setOverlapping] = useState<BookkeepingExport[] | null>(null);

  const fail = (failure: unknown) => {
    setMessage((failure as Error).message);
    if (failure instanceof HttpError) setProblems(errorBody(failure)?.errors ?? {});
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    setProblems({});
    try {
      await work();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };
  const download = () =>
    run(async () => {
      setOverlapping(null);
      saveFile(await dataProvider.getBookkeepingFile(from, to), `${t('file_name')}_${from}_${to}.se`);
      await queryClient.invalidateQueries({ queryKey: scope });
    });
  const ask = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const earlier = to >= from ? await dataProvider.getBookkeepingExports({ from, to }) : [];
      if (earlier.length) setOverlapping(earlier);
      else await download();
    });
  };

  return (
    <>
      <Stack component="form" spacing={2} onSubmit={ask} noValidate>
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
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>
        {t('exports_title')}
      </Typography>
      {exports.data && exports.data.length === 0 && <Typography color="text.secondary">{t('exports_empty')}</Typography>}
      {exports.data && exports.data.length > 0 && <ExportTable rows={exports.data} />}
      {exports.error && <Alert severity="error">{exports.error.message}</Alert>}
      <Dialog open={overlapping !== null} onClose={() => setOverlapping(null)} aria-labelledby="bookkeeping-overlap-title">
        <DialogTitle id="bookkeeping-overlap-title">{t('overlap_title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('overlap_body', { smart_count: overlapping?.length ?? 0 })}</Typography>
          {overlapping && <ExportTable rows={overlapping} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOverlapping(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void download()} disabled={busy}>
            {t('overlap_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Exports of the books: their days, vouchers, who and when. */
function ExportTable({ rows }: { rows: BookkeepingExport[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`app.bookkeeping.exports.${key}`);
  const when = (at: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(at));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('days')}</TableCell>
            <TableCell align="right">{t('vouchers')}</TableCell>
            <TableCell>{t('by')}</TableCell>
            <TableCell>{t('at')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.from_day} – {row.to_day}
              </TableCell>
              <TableCell align="right">{row.vouchers}</TableCell>
              <TableCell>{row.exported_by}</TableCell>
              <TableCell>{when(row.exported_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
