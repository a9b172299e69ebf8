import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../../components/i18n';
import { DestructiveActions } from '../DestructiveActions';

/**
 * A dialog that asks before a change to the organisation's people that cannot be undone from here (removing a member,
 * leaving): what it means, cancel, and the red confirmation. A refusal (the last signatory, 409) is shown in the
 * dialog, which stays open; `action` closes it when it succeeds.
 */
export function ConfirmChange({
  title,
  children,
  confirm,
  icon,
  action,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirm: string;
  icon: ReactNode;
  action: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {children}
        </DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DestructiveActions
        cancel={t('portal.organisation.cancel')}
        confirm={confirm}
        icon={icon}
        onCancel={onClose}
        onConfirm={() => void run()}
        busy={busy}
      />
    </Dialog>
  );
}
