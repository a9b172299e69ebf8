import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useEffect, useRef, useState } from 'react';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { ApplicationDeletionPreview, StaffApplication } from '../../providers/staffMethods';
import { applicationScope, invalidateApplications, useStaffQuery } from '../useStaffQuery';
import { Waiting, WorkDialog } from '../WorkDialog';

type Deletable = Pick<StaffApplication, 'uuid' | 'reference' | 'period'>;

/**
 * "Delete application…" under an application, for those who manage its applications; the dialog says
 * what goes first, and the server refuses an approved application, which the dialog then explains.
 */
export function DeleteApplicationButton({ application, onDeleted }: { application: Deletable; onDeleted: () => void }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'applications', record: application });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button color="error" startIcon={<DeleteForeverOutlinedIcon />} onClick={() => setOpen(true)}>
        {translate('app.applications.delete.open')}
      </Button>
      {open && <DeleteApplicationDialog application={application} onClose={() => setOpen(false)} onDeleted={onDeleted} />}
    </>
  );
}

/**
 * The confirmation: what is deleted with the application (its files, messages, follow-up, investigations and history)
 * and that the deletion is logged; then the deletion, after which the lists, the statistics and the dashboard are read
 * again. An approved application is refused with the server's reason (kept for the bookkeeping, until when).
 */
export function DeleteApplicationDialog({
  application,
  onClose,
  onDeleted,
}: {
  application: Deletable;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const { uuid } = application;
  // Read afresh each time: the counts change as the application does.
  const preview = useStaffQuery(['application-deletion', uuid], 'getDeletion', [uuid], { gcTime: 0 });
  const remove = useMutation({ mutationFn: () => dataProvider.deleteApplication(uuid) });
  const t = (key: string, options?: object) => translate(`app.applications.delete.${key}`, options);
  const reference = application.reference ?? '';
  const busy = remove.isPending;
  // Once the summary shows, Cancel has the focus: the safe choice is the one a stray Enter takes.
  const cancel = useRef<HTMLButtonElement>(null);
  const ready = !!preview.data;
  useEffect(() => {
    if (ready) cancel.current?.focus();
  }, [ready]);

  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch {
      // Shown in the dialog, which stays open.
      return;
    }
    notify('app.applications.delete.done', { type: 'success', messageArgs: { reference } });
    // The application is gone: forget what was read of it, and read the lists and figures that counted it again.
    queryClient.removeQueries({ queryKey: applicationScope(uuid) });
    void invalidateApplications(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['statistics'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    onDeleted();
  };

  const refusal = (preview.error ?? remove.error) as HttpError | null;
  let body;
  let actions = <Button onClick={onClose}>{translate('ra.action.close')}</Button>;
  if (busy) {
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-label={t('deleting')} />
        <Typography aria-live="polite">{t('deleting')}</Typography>
      </Box>
    );
  } else if (preview.error) {
    body = <Alert severity={refusal?.status === 409 ? 'info' : 'error'}>{preview.error.message}</Alert>;
  } else if (!preview.data) {
    body = <Waiting label={t('loading')} />;
  } else {
    body = (
      <>
        <DeletionSummary preview={preview.data} />
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        )}
      </>
    );
    actions = (
      <>
        <Button onClick={onClose} ref={cancel}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="error" startIcon={<DeleteForeverOutlinedIcon />} onClick={() => void confirm()}>
          {t('confirm')}
        </Button>
      </>
    );
  }

  return (
    <WorkDialog id="delete-application-title" title={t('title', { reference })} busy={busy} onClose={onClose} actions={actions}>
      {body}
    </WorkDialog>
  );
}

/** What goes with the application, item by item, and what is kept of the act. */
function DeletionSummary({ preview }: { preview: ApplicationDeletionPreview }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.applications.delete.${key}`, options);
  const items = [
    t('application'),
    t('files', { smart_count: preview.files }),
    t('messages', { smart_count: preview.messages }),
    preview.followup ? t('followup') : t('no_followup'),
    ...(preview.investigations ? [t('investigations', { smart_count: preview.investigations })] : []),
    t('history'),
  ];
  return (
    <>
      <Typography>{t('intro')}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 1 }}>
        {items.map((item) => (
          <li key={item}>
            <Typography variant="body2">{item}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('logged')}
      </Typography>
    </>
  );
}
