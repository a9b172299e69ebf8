import { Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../components/i18n';
import { MessageItem } from './MessageItem';
import type { DialogueMessage } from './types';

/**
 * The thread, oldest first, in a box of its own that keeps the newest message in view at the bottom (when it loads
 * and when one arrives), so the heading and the message box stay where they are. A log: new messages are announced.
 */
export function MessageThread({ applicationUuid, messages }: { applicationUuid: string; messages: DialogueMessage[] }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.uuid;

  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  if (messages.length === 0)
    return (
      <Box sx={{ py: 3, px: 2, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        <Typography sx={{ fontWeight: 500 }}>{t('portal.dialogue.empty')}</Typography>
        <Typography color="text.secondary">{t('portal.dialogue.empty_invite')}</Typography>
      </Box>
    );
  return (
    <Box
      ref={box}
      role="log"
      aria-label={t('portal.dialogue.thread')}
      // Focusable, so the thread can be scrolled with the keyboard.
      tabIndex={0}
      sx={{
        maxHeight: { xs: '60vh', md: '55vh' },
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.default',
        px: { xs: 1, sm: 2 },
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {messages.map((message) => (
          <MessageItem key={message.uuid} applicationUuid={applicationUuid} message={message} />
        ))}
      </Box>
    </Box>
  );
}
