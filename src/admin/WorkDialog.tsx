import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useIsPhone } from './layout/useIsPhone';

/**
 * The dialog of work staff confirm and then wait for (a period's decision mails or follow-up requests, an erasure):
 * while `busy`, neither Escape nor a click beside it closes it, and its actions are hidden. `long` content fills a
 * phone's screen and scrolls inside the dialog.
 */
export function WorkDialog({
  id,
  title,
  busy,
  onClose,
  actions,
  long = false,
  children,
}: {
  id: string;
  title: string;
  busy: boolean;
  onClose: () => void;
  actions: ReactNode;
  long?: boolean;
  children: ReactNode;
}) {
  const phone = useIsPhone();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      disableEscapeKeyDown={busy}
      maxWidth="sm"
      fullWidth
      fullScreen={long && phone}
      scroll={long ? 'paper' : undefined}
      aria-labelledby={id}
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers={long}>{children}</DialogContent>
      {!busy && actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
