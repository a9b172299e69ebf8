import AttachFileIcon from '@mui/icons-material/AttachFile';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import { formatDateTime, formatFileSize } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import type { DialogueMessage, MessageFile } from './types';
import { fileUrl } from '../portalApi';

/** One attachment: a download link with its size; staff's agreement is marked as the agreement. */
function Attachment({ applicationUuid, file }: { applicationUuid: string; file: MessageFile }) {
  const { t, locale } = useI18n();
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.25, minWidth: 0 }}>
      {file.is_agreement ? (
        <Chip size="small" color="secondary" icon={<HandshakeOutlinedIcon aria-hidden="true" />} label={t('portal.dialogue.agreement')} />
      ) : (
        <AttachFileIcon fontSize="small" color="action" aria-hidden="true" />
      )}
      <Link href={fileUrl(applicationUuid, file.uuid)} download={file.name} sx={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Link>
      <Typography variant="body2" color="text.secondary" component="span">
        {formatFileSize(file.size, locale)}
      </Typography>
    </Box>
  );
}

/**
 * A message of the thread: who wrote (the applicant or the foundation) and when, the welcome message marked, the text
 * as plain text (never HTML) with its line breaks, and the attachments. The applicant's own are set to the right.
 */
export function MessageItem({ applicationUuid, message }: { applicationUuid: string; message: DialogueMessage }) {
  const { t, locale } = useI18n();
  const own = message.from === 'applicant';
  const author = own ? t('portal.dialogue.from_applicant') : t('portal.dialogue.from_foundation');
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start', py: 0.75 }}>
      <Paper
        component="article"
        aria-label={`${author}, ${formatDateTime(message.created_at, locale)}`}
        variant="outlined"
        sx={{
          p: 1.5,
          width: { xs: '92%', sm: '80%' },
          minWidth: 0,
          bgcolor: own ? 'action.hover' : 'background.paper',
          borderColor: own ? 'primary.main' : 'divider',
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, rowGap: 0.5, mb: 0.5 }}>
          <Typography component="h3" variant="subtitle2">
            {author}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={message.created_at}>
            {formatDateTime(message.created_at, locale)}
          </Typography>
          {message.is_welcome_message && <Chip size="small" variant="outlined" label={t('portal.dialogue.welcome')} />}
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
        {message.files.length > 0 && (
          <Box component="ul" aria-label={t('portal.dialogue.attachments')} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
            {message.files.map((file) => (
              <Attachment key={file.uuid} applicationUuid={applicationUuid} file={file} />
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
