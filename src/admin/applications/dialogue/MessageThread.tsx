import { Box, Chip, Paper, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../resources/format';
import type { DialogueMessage } from '../../../providers/staffMethods';
import { MessageAttachments } from './MessageAttachments';

/** The conversation, oldest first, with the newest message brought into view. */
export function MessageThread({ uuid, messages, applicantName }: { uuid: string; messages: DialogueMessage[]; applicantName: string }) {
  const translate = useTranslate();
  const newest = useRef<HTMLLIElement>(null);
  const count = messages.length;

  useEffect(() => {
    if (count) newest.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (!count) return <Typography color="text.secondary">{translate('app.dialogue.empty')}</Typography>;
  return (
    <Box
      component="ol"
      aria-label={translate('app.dialogue.thread')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {messages.map((message, index) => (
        <Message
          key={message.uuid}
          ref={index === count - 1 ? newest : undefined}
          uuid={uuid}
          message={message}
          applicantName={applicantName}
        />
      ))}
    </Box>
  );
}

/** One message: who wrote and when, the welcome mark, the text as written, and the attachments. */
function Message({
  ref,
  uuid,
  message,
  applicantName,
}: {
  ref?: React.Ref<HTMLLIElement>;
  uuid: string;
  message: DialogueMessage;
  applicantName: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const ours = message.from === 'foundation';
  const author = ours
    ? message.user
      ? translate('app.dialogue.for_foundation', { name: message.user.name })
      : translate('app.dialogue.foundation')
    : applicantName || translate('app.dialogue.applicant');

  return (
    <Box component="li" ref={ref} sx={{ ml: { sm: ours ? 6 : 0 }, mr: { sm: ours ? 0 : 6 } }}>
      <Paper variant="outlined" sx={{ p: 1.5, bgcolor: ours ? 'action.hover' : 'background.paper' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mb: 1 }}>
          <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {author}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={message.created_at}>
            {formatDateTime(message.created_at, locale)}
          </Typography>
          {message.is_welcome_message && (
            <Chip size="small" color="primary" variant="outlined" label={translate('app.dialogue.welcome_chip')} />
          )}
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
        {message.files.length > 0 && <MessageAttachments uuid={uuid} files={message.files} />}
      </Paper>
    </Box>
  );
}
