import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Button, HttpError, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import { parseCsv, type ParsedCsv } from '../importCsv';

const PREVIEW_ROWS = 5;

/** Errors keyed "<row>.<field>" grouped per spreadsheet row, in row order. */
function byRow(errors: Record<string, string>): [string, string[]][] {
  const rows = new Map<string, string[]>();
  for (const [key, message] of Object.entries(errors)) {
    const row = key.split('.')[0];
    rows.set(row, [...(rows.get(row) ?? []), message]);
  }
  return [...rows].sort(([a], [b]) => Number(a) - Number(b));
}

/**
 * CSV import: choose a file, see how it reads (first rows, count) while a bar shows the reading progress, then import.
 * The server saves every row or none, and the errors are listed by row number.
 */
export function ImportCsvButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const refresh = useRefresh();
  const { resource } = useListContext();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [errors, setErrors] = useState<[string, string[]][]>([]);
  const [message, setMessage] = useState<string | null>(null);
  // After the server refused the file, sending it again would fail the same way: a corrected file is needed.
  const [refused, setRefused] = useState(false);

  const reset = () => {
    setRefused(false);
    setParsed(null);
    setErrors([]);
    setMessage(null);
    setProgress(null);
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  const read = async (file: File) => {
    reset();
    setProgress(0);
    const result = await parseCsv(file, (fraction) => setProgress(fraction * 100));
    setParsed(result);
    setProgress(null);
    if (result.errors.length) setErrors(result.errors.map((e) => [String(e.row), [e.message]]));
  };

  const send = async () => {
    if (!parsed) return;
    setProgress(0);
    setErrors([]);
    setMessage(null);
    try {
      const { imported } = await dataProvider.importList(
        resource,
        parsed.rows,
        (event) => event.total && setProgress((event.loaded / event.total) * 100),
      );
      notify(translate('app.import.done', { smart_count: imported }), { type: 'success' });
      refresh();
      close();
    } catch (error) {
      setProgress(null);
      setMessage((error as Error).message);
      const errors = error instanceof HttpError ? errorBody(error)?.errors : undefined;
      if (errors) {
        setErrors(byRow(errors));
        setRefused(true);
      }
    }
  };

  const headers = parsed?.headers ?? [];
  return (
    <>
      <Button label="app.import.button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="import-title">
        <DialogTitle id="import-title">
          {translate('app.import.title', { name: translate(`resources.${resource}.name`, { smart_count: 2 }).toLocaleLowerCase() })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate('app.import.intro')}</Typography>
          <Box component="label" sx={{ display: 'block', mb: 2 }}>
            <Typography component="span" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
              {translate('app.import.file')}
            </Typography>
            <input type="file" accept=".csv,text/csv" onChange={(event) => event.target.files?.[0] && void read(event.target.files[0])} />
          </Box>
          {progress !== null && (
            <LinearProgress variant="determinate" value={progress} aria-label={translate('app.import.progress')} sx={{ mb: 2 }} />
          )}
          {message && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {message}
            </Alert>
          )}
          {errors.length > 0 && (
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
              {translate('app.import.error_count', { smart_count: errors.length })}
            </Typography>
          )}
          {errors.length > 0 && (
            <List dense aria-label={translate('app.import.errors')} sx={{ mb: 2 }}>
              {errors.map(([row, messages]) => (
                <ListItem key={row} disableGutters>
                  {translate('app.import.row', { row })}: {messages.join(' ')}
                </ListItem>
              ))}
            </List>
          )}
          {parsed && (
            <>
              <Typography sx={{ mb: 1 }}>{translate('app.import.preview', { smart_count: parsed.rows.length })}</Typography>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      {headers.map((h) => (
                        <TableCell key={h}>{h}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {parsed.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                      <TableRow key={index}>
                        {headers.map((h) => (
                          <TableCell key={h}>{row[h]}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} />
          <Button
            label={parsed ? translate('app.import.submit', { smart_count: parsed.rows.length }) : 'app.import.button'}
            onClick={() => void send()}
            variant="contained"
            disabled={!parsed || parsed.rows.length === 0 || progress !== null || parsed.errors.length > 0 || refused}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
