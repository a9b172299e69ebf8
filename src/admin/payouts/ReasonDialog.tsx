import { Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { WorkDialog } from '../WorkDialog';

const REASON_MAX = 2000;

/**
 * A confirmation that asks why (a rejection, a return from the bank): the reason is told to the applicant, so it is
 * required before the confirming button acts.
 */
export function ReasonDialog({
  id,
  title,
  question,
  confirm,
  busy,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
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
              if (!missing) onConfirm(reason.trim());
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
    </WorkDialog>
  );
}
