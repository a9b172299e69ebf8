import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BankAnswerImported } from '../../providers/staffMethods';
import { WorkDialog } from '../WorkDialog';
import { usePayoutChange } from './usePayoutChange';

/**
 * The bank's answer to a payment file, imported: the user chooses its status report or debit notification, the server
 * pays or returns the payouts it names, and the dialog then lists what each payment of the file did.
 */
export function BankAnswerImport() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankAnswerImported | null>(null);
  const importing = usePayoutChange(async (dp, xml: string) => dp.importBankAnswer(xml), 'app.payment_batches.imported');
  const close = () => {
    setOpen(false);
    setFile(null);
    setResult(null);
  };
  const start = async () => {
    if (!file) return;
    const imported = await importing.mutateAsync(await file.text()).catch(() => null);
    if (imported) setResult(imported);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('app.payment_batches.import')}
      </Button>
      {open && (
        <WorkDialog
          id="bank-answer-import"
          title={translate(result ? 'app.payment_batches.import_result_title' : 'app.payment_batches.import_title')}
          busy={importing.isPending}
          onClose={close}
          long
          actions={
            result ? (
              <Button variant="contained" onClick={close}>
                {translate('ra.action.close')}
              </Button>
            ) : (
              <>
                <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                <Button variant="contained" disabled={!file} onClick={() => void start()}>
                  {translate('app.payment_batches.import_confirm')}
                </Button>
              </>
            )
          }
        >
          {result ? (
            <Outcomes result={result} />
          ) : (
            <Stack spacing={2}>
              <Typography>{translate('app.payment_batches.import_intro')}</Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button component="label" variant="outlined">
                  {translate('app.payment_batches.import_choose')}
                  <input
                    hidden
                    type="file"
                    accept=".xml,application/xml,text/xml"
                    aria-label={translate('app.payment_batches.import_choose')}
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{file?.name}</Typography>
              </Stack>
            </Stack>
          )}
        </WorkDialog>
      )}
    </>
  );
}

function Outcomes({ result }: { result: BankAnswerImported }) {
  const translate = useTranslate();
  if (!result.outcomes.length) return <Typography>{translate('app.payment_batches.import_empty')}</Typography>;
  return (
    <List dense disablePadding aria-label={translate('app.payment_batches.import_result_title')}>
      {result.outcomes.map((outcome, index) => (
        <ListItem key={`${outcome.end_to_end_id}-${index}`} divider disableGutters>
          <ListItemText
            primary={`${outcome.end_to_end_id} · ${translate(`app.payment_batches.outcome.${outcome.outcome}`)}`}
            secondary={outcome.detail}
          />
        </ListItem>
      ))}
    </List>
  );
}
