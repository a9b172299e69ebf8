import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../../resources/format';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { RetentionCounts, RetentionRun } from '../../providers/staffMethods';
import { invalidateApplications, useStaffQuery } from '../useStaffQuery';
import { retentionScope } from './retentionScope';
import { Waiting } from '../WorkDialog';

/** How many runs show before "Show all". */
const SHOWN = 5;

/** "3 drafts", "2 rejected applications", "1 approved application" in the chosen language. */
function useCounts() {
  const translate = useTranslate();
  return (counts: RetentionCounts) => ({
    drafts: translate('app.data_protection.runs.count_drafts', { smart_count: counts.drafts }),
    rejected: translate('app.data_protection.runs.count_rejected', { smart_count: counts.rejected }),
    approved: translate('app.data_protection.runs.count_approved', { smart_count: counts.approved }),
  });
}

/** The runs of the rules, newest first, with the button that runs them now. */
export function RetentionRunsSection() {
  const translate = useTranslate();
  const { data: runs, error } = useStaffQuery(retentionScope, 'getRetentionRuns', []);
  const [all, setAll] = useState(false);
  let list;
  if (error) list = <Alert severity="error">{error.message}</Alert>;
  else if (!runs) list = <CircularProgress aria-label={translate('ra.page.loading')} />;
  else if (runs.length === 0) list = <Alert severity="info">{translate('app.data_protection.runs.empty')}</Alert>;
  else
    list = (
      <>
        <List aria-label={translate('app.data_protection.runs.title')} disablePadding>
          {(all ? runs : runs.slice(0, SHOWN)).map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </List>
        {runs.length > SHOWN && (
          <Button onClick={() => setAll(!all)} sx={{ mt: 1 }}>
            {all
              ? translate('app.data_protection.runs.show_fewer')
              : translate('app.data_protection.runs.show_all', { count: runs.length })}
          </Button>
        )}
      </>
    );
  return (
    <>
      <RunNowButton />
      <Box sx={{ mt: 2 }}>{list}</Box>
    </>
  );
}

/** One run: when and by whom, what it did in all, and per period (or why it did nothing there). */
function RunItem({ run }: { run: RetentionRun }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const counts = useCounts();
  const t = (key: string, options?: object) => translate(`app.data_protection.runs.${key}`, options);
  const did = (done: RetentionCounts) => (done.drafts + done.rejected + done.approved ? t('did', counts(done)) : t('did_nothing'));
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <ListItemText
        primary={`${formatDateTime(run.ran_at, locale)} · ${run.by ? run.by.name : t('nightly')}`}
        secondary={[did(run), run.accounts ? t('accounts', { smart_count: run.accounts }) : ''].filter(Boolean).join(' ')}
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
      />
      {run.periods.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('nothing')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary' }}>
          {run.periods.map((line) => (
            <li key={line.period.id}>
              {`${line.period.name}: `}
              {line.postponed
                ? t('postponed', { date: formatDate(line.postponed.until, locale), reason: line.postponed.reason })
                : did(line)}
            </li>
          ))}
        </Box>
      )}
    </ListItem>
  );
}

/**
 * "Run the rules now": a confirmation stating what the run will do (the preview's totals), then the run (the dialog
 * cannot be closed meanwhile) and a notice with what it did. The preview, the runs and the application lists reload.
 */
function RunNowButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const counts = useCounts();
  const [open, setOpen] = useState(false);
  const { data: preview, refetch } = useStaffQuery(retentionScope, 'getRetentionPreview', []);
  const run = useMutation({
    mutationFn: () => dataProvider.runRetention(),
    // Also after a failure: the batches done before it stay done.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: retentionScope });
      void invalidateApplications(queryClient);
    },
  });
  const t = (key: string, options?: object) => translate(`app.data_protection.run.${key}`, options);
  const busy = run.isPending;
  const totals = preview?.totals;
  const something = !!totals && totals.drafts + totals.rejected + totals.approved > 0;

  // Counted afresh on opening: others may have changed the rules or postponed a period since.
  const openDialog = () => {
    setOpen(true);
    void refetch();
  };

  const confirm = async () => {
    try {
      const done = await run.mutateAsync();
      const didSomething = done.drafts + done.rejected + done.approved > 0;
      notify(didSomething ? 'app.data_protection.run.done' : 'app.data_protection.run.done_nothing', {
        type: 'success',
        messageArgs: counts(done),
      });
      setOpen(false);
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<PlayArrowIcon />} onClick={openDialog} disabled={!totals}>
        {t('open')}
      </Button>
      <Dialog
        open={open}
        // While it runs, neither Escape nor a click beside the dialog closes it.
        onClose={busy ? undefined : () => setOpen(false)}
        disableEscapeKeyDown={busy}
        maxWidth="sm"
        fullWidth
        aria-labelledby="run-retention-title"
        aria-describedby="run-retention-text"
      >
        <DialogTitle id="run-retention-title">{t('title')}</DialogTitle>
        <DialogContent id="run-retention-text">
          {busy ? (
            <Waiting label={t('running')} />
          ) : (
            totals && (
              <>
                <Typography sx={{ mb: 1.5 }}>{something ? t('will', counts(totals)) : t('nothing')}</Typography>
                <Typography sx={{ mb: 1.5 }}>{t('accounts')}</Typography>
                {something && <Typography sx={{ fontWeight: 600 }}>{t('irreversible')}</Typography>}
              </>
            )
          )}
        </DialogContent>
        {!busy && (
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" color={something ? 'error' : 'primary'} onClick={() => void confirm()}>
              {t('confirm')}
            </Button>
          </DialogActions>
        )}
      </Dialog>
    </>
  );
}
