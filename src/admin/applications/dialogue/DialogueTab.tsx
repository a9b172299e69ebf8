import { Stack } from '@mui/material';
import { Loaded } from '../../LoadFailed';
import { useApplicationQuery } from '../../useStaffQuery';
import { MessageComposer } from './MessageComposer';
import { MessageThread } from './MessageThread';
import { useMarkRead } from './useMarkRead';

/**
 * The dialog's "Dialogue" tab: the conversation with the applicant and, for those who manage applications, a box to
 * write in. Investigators only read it, and their reading marks nothing read.
 */
export function DialogueTab({
  uuid,
  mode,
  unread,
  applicantName,
}: {
  uuid: string;
  mode: 'manage' | 'investigate';
  /** Whether the application has unread messages; undefined while the application itself is being read. */
  unread: boolean | undefined;
  applicantName: string;
}) {
  const thread = useApplicationQuery('getMessages', uuid);
  useMarkRead(uuid, thread.data, unread, mode === 'manage');

  return (
    <Loaded query={thread}>
      {(messages) => (
        <Stack spacing={3}>
          <MessageThread uuid={uuid} messages={messages} applicantName={applicantName} />
          {mode === 'manage' && <MessageComposer uuid={uuid} hasWelcome={messages.some((m) => m.is_welcome_message)} />}
        </Stack>
      )}
    </Loaded>
  );
}
