import { useCallback, useEffect, useRef, useState } from 'react';
import { type DialogueMessage } from './types';
import { portalApi } from '../portalApi';

export interface Thread {
  messages: DialogueMessage[] | null;
  /** A failure of the last load (the messages already shown stay). */
  error: Error | null;
  /** Adds the message just sent, without loading the thread again. */
  add: (message: DialogueMessage) => void;
}

/**
 * The thread of an application sent in, loaded again whenever the window regains focus (the foundation may have
 * written meanwhile). Reading it marks the foundation's messages read. Only the latest load's answer is kept.
 */
export function useThread(applicationUuid: string): Thread {
  const [messages, setMessages] = useState<DialogueMessage[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const latest = useRef(0);

  const load = useCallback(() => {
    const request = ++latest.current;
    portalApi
      .messages(applicationUuid)
      .then((thread) => {
        if (request !== latest.current) return;
        setMessages(thread);
        setError(null);
      })
      .catch((failure: Error) => request === latest.current && setError(failure));
  }, [applicationUuid]);

  useEffect(() => {
    load();
    window.addEventListener('focus', load);
    return () => {
      window.removeEventListener('focus', load);
      // An answer for a page left behind is not wanted.
      latest.current += 1;
    };
  }, [load]);

  const add = useCallback((message: DialogueMessage) => {
    // A load already under way may not know of it yet: its answer is dropped.
    latest.current += 1;
    setMessages((shown) => [...(shown ?? []).filter((m) => m.uuid !== message.uuid), message]);
  }, []);

  return { messages, error, add };
}
