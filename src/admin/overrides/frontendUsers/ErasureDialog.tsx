import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRedirect, useTranslate, type HttpError } from 'react-admin';
import { formatDate } from '../../../../resources/format';
import { personName } from '../../../../resources/users';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { ErasurePreview, SentIn } from '../../../providers/erasure';
import { useStatusLabel } from '../../applications/statuses';
import { useStaffQuery } from '../../useStaffQuery';
import { Waiting, WorkDialog } from '../../WorkDialog';

/** The applicant as their record has them. */
export interface ErasureApplicant {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

const isNotFound = (error: unknown) => (error as HttpError | null)?.status === 404;

/**
 * Carries out an applicant's erasure request: states exactly what happens (the drafts deleted, the applications sent in
 * and not approved anonymised at once, the approved ones kept for the bookkeeping until the date the rules anonymise
 * them, the account deleted or closed until then), asks for a confirmation, then erases and returns to the list of
 * applicants. An account already closed has nothing left to erase (404).
 */
export function ErasureDialog({ applicant, onClose }: { applicant: ErasureApplicant; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const [confirmed, setConfirmed] = useState(false);
  // Read afresh each time the dialog opens: what is kept depends on the applications' state today.
  const preview = useStaffQuery(['erasure', applicant.id], 'getErasure', [applicant.id], { gcTime: 0 });
  const erase = useMutation({ mutationFn: () => dataProvider.erase(applicant.id) });
  const t = (key: string, options?: object) => translate(`app.erasure.${key}`, options);
  const busy = erase.isPending;
  const name = personName(applicant.first_name, applicant.last_name) || applicant.email;

  const confirm = async () => {
    try {
      const done = await erase.mutateAsync();
      notify(done.account === 'deleted' ? 'app.erasure.done_deleted' : 'app.erasure.done_closed', {
        type: 'success',
        messageArgs: {
          drafts: done.drafts_deleted,
          anonymised: done.anonymised,
          smart_count: done.kept,
          date: formatDate(done.kept_until, locale),
        },
      });
      // The applicant's record and lists are stale: read again where next shown, not here, where the record may be gone.
      void queryClient.invalidateQueries({ queryKey: ['frontend-users'], refetchType: 'none' });
      redirect('list', 'frontend-users');
    } catch {
      // Shown in the dialog (below), which stays open.
    }
  };

  let body;
  let actions = <Button onClick={onClose}>{translate('ra.action.close')}</Button>;
  if (busy) {
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-label={t('erasing')} />
        <Typography aria-live="polite">{t('erasing')}</Typography>
      </Box>
    );
  } else if (preview.error || isNotFound(erase.error)) {
    body = (
      <Alert severity={isNotFound(preview.error ?? erase.error) ? 'info' : 'error'}>
        {isNotFound(preview.error ?? erase.error) ? t('already_closed') : preview.error?.message}
      </Alert>
    );
  } else if (!preview.data) {
    body = <Waiting label={t('loading')} />;
  } else {
    body = (
      <>
        <ErasureSummary preview={preview.data} />
        {erase.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {erase.error.message}
          </Alert>
        )}
        <FormControlLabel
          sx={{ mt: 2, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
          control={<Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />}
          label={t('confirm_label')}
        />
      </>
    );
    actions = (
      <>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="error" disabled={!confirmed} onClick={() => void confirm()}>
          {t('confirm')}
        </Button>
      </>
    );
  }

  return (
    <WorkDialog id="erasure-title" title={t('title', { name })} busy={busy} onClose={onClose} actions={actions} long>
      {body}
    </WorkDialog>
  );
}

/**
 * What the erasure does: drafts deleted now, applications sent in and not approved anonymised now, approved ones kept
 * for the bookkeeping until a date, the account deleted or closed until the last of those dates.
 */
function ErasureSummary({ preview }: { preview: ErasurePreview }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const statusLabel = useStatusLabel();
  const t = (key: string, options?: object) => translate(`app.erasure.${key}`, options);
  const kind = (type: string | null) => type ?? t('no_type');
  const sentIn = (application: SentIn) =>
    [
      application.reference ?? t('no_reference'),
      statusLabel(application.status),
      `${application.period} – ${kind(application.application_type)}`,
    ].join(' · ');
  return (
    <>
      <Typography>{t('intro')}</Typography>
      <PreviewSection
        name="drafts"
        items={preview.drafts}
        item={(draft) => ({
          primary: `${draft.period} – ${kind(draft.application_type)}`,
          secondary: t('draft_changed', { date: formatDate(draft.updated_at, locale) }),
        })}
      />
      <PreviewSection
        name="anonymised"
        items={preview.anonymised}
        item={(application) => ({ primary: sentIn(application), secondary: application.withdrawn ? t('withdrawn') : null })}
      />
      <PreviewSection
        name="kept"
        items={preview.kept}
        item={(kept) => ({
          primary: sentIn(kept),
          secondary: kept.anonymised_from && t('anonymised_from', { date: formatDate(kept.anonymised_from, locale) }),
        })}
      />
      <SectionHeading>{t('account_heading')}</SectionHeading>
      <Typography variant="body2">
        {preview.account === 'deleted' ? t('account_deleted') : t('account_closed', { date: formatDate(preview.kept_until, locale) })}
      </Typography>
    </>
  );
}

function SectionHeading({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
      {children}
    </Typography>
  );
}

/** One part of what the erasure does: its heading, how many, and each (`app.erasure.<name>`, `no_<name>`, `<name>_heading`). */
function PreviewSection<T extends { uuid: string }>({
  name,
  items,
  item,
}: {
  name: 'drafts' | 'anonymised' | 'kept';
  items: T[];
  item: (entry: T) => { primary: string; secondary: string | null };
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.erasure.${key}`, options);
  return (
    <>
      <SectionHeading>{t(`${name}_heading`)}</SectionHeading>
      {items.length ? (
        <>
          <Typography variant="body2">{t(name, { smart_count: items.length })}</Typography>
          <List dense disablePadding aria-label={t(`${name}_heading`)}>
            {items.map((entry) => (
              <ListItem key={entry.uuid} disableGutters>
                <ListItemText {...item(entry)} />
              </ListItem>
            ))}
          </List>
        </>
      ) : (
        <Typography variant="body2">{t(`no_${name}`)}</Typography>
      )}
    </>
  );
}
