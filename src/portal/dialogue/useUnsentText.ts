import { useCallback, useState } from 'react';

const keyOf = (applicationUuid: string) => `dialogue-unsent:${applicationUuid}`;

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * The message box's text, kept in this browser per application as it is typed, so a reload or a closed tab loses
 * nothing; cleared once the message is sent.
 */
export function useUnsentText(applicationUuid: string): [string, (text: string) => void, () => void] {
  const key = keyOf(applicationUuid);
  const [text, setText] = useState(() => read(key));

  const change = useCallback(
    (next: string) => {
      setText(next);
      try {
        if (next) localStorage.setItem(key, next);
        else localStorage.removeItem(key);
      } catch {
        // Storage full or refused: the text is still in the box.
      }
    },
    [key],
  );
  const clear = useCallback(() => change(''), [change]);
  return [text, change, clear];
}
