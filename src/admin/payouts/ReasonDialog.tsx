import { Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { WorkDialog } from '../WorkDialog';

const REASON_MAX = 2000;

/**
 * A confirmation that asks why (a rejection, a return from the bank): the reason is told to the applicant, so it is
 * required before the confirming button acts; a return also asks for the bank's reference of it.
 */
export function ReasonDialog({
  id,
  title,
  question,
  confirm,
  busy,
  onConfirm,
  onClose,
  withBankReference = false,
}: {
  id: string;
  title: string;
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm: (reason: string, bankReference: string) => void;
  onClose: () => void;
  withBankReference?: boolean;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [bankReference, setBankReference] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  const referenceMissing = withBankReference && bankReference.trim() === '';
  return (
    <WorkDialog
      id={id}
      title={title}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setTried(true);
              if (!missing && !referenceMissing) onConfirm(reason.trim(), bankReference.trim());
            }}
          >
            {confirm}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{question}</Typography>
      <TextField
        id={`${id}-reason`}
        label={translate('app.payouts.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={tried && missing}
        helperText={tried && missing ? translate('app.payouts.reason_required') : translate('app.payouts.reason_help')}
        slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        multiline
        minRows={2}
        required
        fullWidth
        autoFocus
      />
      {withBankReference && (
        <TextField
          id={`${id}-bank-reference`}
          label={translate('app.payouts.bank_reference')}
          value={bankReference}
          onChange={(event) => setBankReference(event.target.value)}
          error={tried && referenceMissing}
          helperText={
            tried && referenceMissing ? translate('app.payouts.bank_reference_required') : translate('app.payouts.bank_reference_help')
          }
          slotProps={{ htmlInput: { maxLength: 100 } }}
          required
          fullWidth
          sx={{ mt: 2 }}
        />
      )}
    </WorkDialog>
  );
}
