import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import type { DialogueMessage } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';

/**
 * Marks the thread read once a manager has been shown it, up to its last message, so one the applicant writes
 * meanwhile stays unread. Only when there is something unread; the lists and the record are then read again, which
 * clears their "unread messages" marks.
 */
export function useMarkRead(uuid: string, messages: DialogueMessage[] | undefined, unread: boolean, enabled: boolean) {
  const notify = useNotify();
  const { mutate } = useApplicationMutation(uuid, (dataProvider, upTo: string) => dataProvider.markMessagesRead(uuid, upTo));
  const marked = useRef<string | null>(null);
  const last = messages?.at(-1)?.uuid;
  const pending = !!messages?.some((m) => m.from === 'applicant' && !m.read_at);

  useEffect(() => {
    if (!enabled || !last || marked.current === last || !(unread || pending)) return;
    marked.current = last;
    mutate(last, { onError: (failure) => notify(failure.message, { type: 'error' }) });
  }, [enabled, last, unread, pending, mutate, notify]);
}
