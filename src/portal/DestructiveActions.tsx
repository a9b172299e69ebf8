import { Button, CircularProgress, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The buttons of a dialog that confirms what cannot be undone: cancel, and the red confirmation with its icon (a
 * spinner while it is under way). On a phone the two stack, the confirmation on top, each as wide as the dialog.
 */
export function DestructiveActions({
  cancel,
  confirm,
  icon,
  onCancel,
  onConfirm,
  busy,
  disabled = false,
}: {
  cancel: string;
  confirm: string;
  icon: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  /** The confirmation waits (e.g. for "I understand" to be ticked). */
  disabled?: boolean;
}) {
  return (
    <DialogActions
      disableSpacing
      sx={{ flexDirection: { xs: 'column-reverse', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: 1, px: 3, pb: 2 }}
    >
      <Button onClick={onCancel} disabled={busy}>
        {cancel}
      </Button>
      <Button
        variant="contained"
        color="error"
        onClick={onConfirm}
        disabled={disabled || busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : icon}
      >
        {confirm}
      </Button>
    </DialogActions>
  );
}
