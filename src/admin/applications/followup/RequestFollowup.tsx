import EventNoteIcon from '@mui/icons-material/EventNote';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { enums } from '../../../../resources/enums';
import { formatDate } from '../../../../resources/format';
import type { StaffApplication } from '../../../providers/staffMethods';
import { applicationScope, useApplicationMutation } from '../../useStaffQuery';

/**
 * No follow-up yet: what requesting one does and, for managers, the button that does it after a confirmation. It is
 * disabled, with the reason beside it, until the application is approved and its decision has reached the applicant
 * (the request's mail speaks of the grant; the server refuses it before). The due date is the server's, so the
 * notice afterwards states it rather than the question guessing it.
 */
export function RequestFollowup({ application, canRequest }: { application: StaffApplication; canRequest: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const request = useApplicationMutation(application.uuid, (dataProvider) => dataProvider.requestFollowup(application.uuid));
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const approved = application.status === enums.application_status.approved;
  // Undefined: an answer that does not say, which the server decides.
  const released = application.decision_released_at !== null;
  const blocked = !approved ? 'not_approved' : !released ? 'not_released' : null;
  const t = (key: string, options?: object) => translate(`app.followup.${key}`, options);

  const confirm = async () => {
    setMessage(null);
    try {
      const followup = await request.mutateAsync(undefined);
      notify('app.followup.requested_notice', { type: 'success', messageArgs: { date: formatDate(followup.due_at, locale) } });
    } catch (failure) {
      // Someone else requested it meanwhile: say so, and show the follow-up as it now is.
      if (failure instanceof HttpError && failure.status === 409) {
        notify(failure.message, { type: 'warning' });
        void queryClient.invalidateQueries({ queryKey: applicationScope(application.uuid) });
      } else setMessage((failure as Error).message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('not_requested')}</Typography>
      {canRequest && (
        <>
          <Button
            variant="contained"
            startIcon={<EventNoteIcon />}
            disabled={blocked !== null || request.isPending}
            aria-describedby={blocked ? 'followup-blocked' : undefined}
            onClick={() => setAsking(true)}
          >
            {t('request')}
          </Button>
          {blocked && (
            <Typography id="followup-blocked" color="text.secondary">
              {t(blocked)}
            </Typography>
          )}
        </>
      )}
      {message && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {message}
        </Alert>
      )}
      <Confirm
        isOpen={asking}
        loading={request.isPending}
        title="app.followup.request_title"
        content="app.followup.request_question"
        confirm="app.followup.request"
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
