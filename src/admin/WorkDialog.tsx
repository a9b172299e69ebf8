import { Box, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
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

/** What a work dialog (or a page) says while it waits: a spinner named by `label`, and the label, read out as it changes. */
export function Waiting({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <CircularProgress size={24} aria-label={label} />
      <Typography aria-live="polite">{label}</Typography>
    </Box>
  );
}
