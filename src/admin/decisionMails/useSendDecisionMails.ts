import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { invalidateApplications } from '../useStaffQuery';

/** How many mails one call sends: small enough that the progress moves and no request runs long. */
const CHUNK = 25;

export type Sending =
  | { step: 'idle' }
  | { step: 'sending'; sent: number; total: number }
  | { step: 'done'; sent: number; withoutEmail: number; withoutAmount: number; stoodAside: number }
  | { step: 'failed'; sent: number; total: number; message: string };

/**
 * Sends a period's decision mails in chunks until none remain, counting as it goes. The total grows if decisions
 * made meanwhile add mails; a round that sends nothing while some remain stops the loop rather than spinning.
 */
export function useSendDecisionMails(periodUuid: string) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [state, setState] = useState<Sending>({ step: 'idle' });

  const start = async (pending: number) => {
    let sent = 0;
    let total = pending;
    setState({ step: 'sending', sent, total });
    try {
      for (;;) {
        const round = await dataProvider.sendDecisionMails(periodUuid, CHUNK);
        sent += round.sent;
        total = Math.max(total, sent + round.remaining);
        if (round.remaining === 0) {
          setState({
            step: 'done',
            sent,
            withoutEmail: round.without_email,
            withoutAmount: round.without_amount,
            stoodAside: round.stood_aside,
          });
          break;
        }
        if (round.sent === 0) throw new Error(translate('app.decision_mails.stalled'));
        setState({ step: 'sending', sent, total });
      }
    } catch (failure) {
      setState({ step: 'failed', sent, total, message: (failure as Error).message });
    } finally {
      // The lists and any open application show when each mail was sent.
      void invalidateApplications(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['decision-mails', periodUuid] });
    }
  };

  return { state, start, reset: () => setState({ step: 'idle' }) };
}
