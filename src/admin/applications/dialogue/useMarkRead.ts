import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import type { DialogueMessage } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';

/**
 * Marks the thread read once a manager has been shown it, up to its last message, so one the applicant writes
 * meanwhile stays unread. Only when there is something unread; the lists and the record are then read again, which
 * clears their "unread messages" marks. Not before the record has been read once (`unread` undefined until then): a
 * first read still under way is not read again after the marking, and would bring the old mark back with it.
 */
export function useMarkRead(uuid: string, messages: DialogueMessage[] | undefined, unread: boolean | undefined, enabled: boolean) {
  const notify = useNotify();
  const { mutate } = useApplicationMutation(uuid, (dataProvider, upTo: string) => dataProvider.markMessagesRead(uuid, upTo));
  const marked = useRef<string | null>(null);
  const last = messages?.at(-1)?.uuid;
  const pending = !!messages?.some((m) => m.from === 'applicant' && !m.read_at);

  useEffect(() => {
    if (!enabled || unread === undefined || !last || marked.current === last || !(unread || pending)) return;
    marked.current = last;
    mutate(last, { onError: (failure) => notify(failure.message, { type: 'error' }) });
  }, [enabled, last, unread, pending, mutate, notify]);
}
