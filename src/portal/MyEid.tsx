import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatDateTime } from '../../resources/format';
import { useI18n } from '../components/i18n';
import { ApiError } from '../providers/httpClient';
import { Link as RouterLink } from './router';
import type { JsonOf } from '../../server/routes/schemas';
import type { accountEid } from '../../server/routes/schemas/eidLinks';
import { DestructiveActions } from './DestructiveActions';
import { portalApi } from './portalApi';

export type AccountEid = JsonOf<typeof accountEid>;

/**
 * My data's e-ID section: which e-ID signs in to the account and since when, with its removal after a confirmation
 * (recorded and mailed by the server); the e-IDs waiting for the owner's answer, with the way to their page; and the
 * account's history of links.
 */
export function MyEid({ initial }: { initial: AccountEid }) {
  const { t, locale } = useI18n();
  const [eid, setEid] = useState(initial);
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  const said = useRef<HTMLDivElement>(null);
  const provider = eid.provider ?? t('portal.eid_link.provider');

  useEffect(() => {
    if (removed) said.current?.focus();
  }, [removed]);

  return (
    <>
      <Box ref={said} tabIndex={-1} sx={{ outline: 'none' }}>
        {removed && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('portal.my_data.eid_removed', { provider })}
          </Alert>
        )}
      </Box>
      {eid.linked_at ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('portal.my_data.eid_linked', { provider, date: formatDate(eid.linked_at, locale) })}</Typography>
          <Button variant="outlined" color="error" startIcon={<LinkOffIcon />} onClick={() => setOpen(true)}>
            {t('portal.my_data.eid_remove')}
          </Button>
        </>
      ) : (
        <Typography>{t('portal.my_data.eid_none', { provider })}</Typography>
      )}
      {eid.requests.length > 0 && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/e-legitimation/koppla">
              {t('portal.my_data.eid_answer')}
            </Button>
          }
        >
          {t('portal.my_data.eid_waiting', { smart_count: eid.requests.length })}
        </Alert>
      )}
      {eid.history.length > 0 && (
        <Box component="section" aria-labelledby="eid-history-heading" sx={{ mt: 2 }}>
          <Typography variant="h6" component="h3" id="eid-history-heading" gutterBottom>
            {t('portal.my_data.eid_history')}
          </Typography>
          <List disablePadding>
            {eid.history.map((entry, index) => (
              <ListItem key={`${entry.created_at}-${index}`} disableGutters divider>
                <ListItemText
                  primary={t(`data_export.eid_events.${entry.event}`)}
                  secondary={[entry.provider, entry.person_name, formatDateTime(entry.created_at, locale)].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {open && (
        <ConfirmRemoval
          provider={provider}
          onClose={() => setOpen(false)}
          onRemoved={(after) => {
            setOpen(false);
            setEid(after);
            setRemoved(true);
          }}
        />
      )}
    </>
  );
}

/** The confirmation of the removal: what it does, then the removal; a refusal is shown in the dialog. */
function ConfirmRemoval({ provider, onClose, onRemoved }: { provider: string; onClose: () => void; onRemoved: (eid: AccountEid) => void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      onRemoved(await portalApi.removeEid());
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status > 0 ? caught.message : t('portal.my_data.network_error'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="eid-dialog-title" aria-describedby="eid-dialog-text" maxWidth="sm">
      <DialogTitle id="eid-dialog-title">{t('portal.my_data.eid_dialog_title', { provider })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="eid-dialog-text">{t('portal.my_data.eid_dialog_text')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DestructiveActions
        cancel={t('portal.my_data.cancel')}
        confirm={t('portal.my_data.eid_confirm')}
        icon={<LinkOffIcon />}
        onCancel={onClose}
        onConfirm={() => void remove()}
        busy={busy}
      />
    </Dialog>
  );
}
