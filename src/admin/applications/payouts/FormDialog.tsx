import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { errorBody } from '../../../providers/dataProvider';
import { useIsPhone } from '../../layout/useIsPhone';

/** Field errors by name, as the server words them. */
export type FieldProblems = Record<string, string>;

/**
 * A small form in a dialog: the change happens only on its submit button (the confirmation), the server's message
 * shows above the buttons and its field errors go to the fields (`problems`). Full screen on a phone.
 */
export function FormDialog({
  open,
  title,
  submit,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  submit: string;
  /** Resolves when done; a rejection with the server's error keeps the dialog open with its message. */
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: (problems: FieldProblems) => ReactNode;
}) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const titleId = useId();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});

  const close = () => {
    setMessage(null);
    setProblems({});
    onClose();
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    try {
      await onSubmit();
      setProblems({});
      onClose();
    } catch (failure) {
      setMessage((failure as Error).message);
      setProblems(failure instanceof HttpError ? (errorBody(failure)?.errors ?? {}) : {});
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(event) => void send(event)} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children(problems)}
            {message && <Alert severity="error">{message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
