import { Box, Chip, Link, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatFileSize } from '../../../../resources/format';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { MessageFile } from '../../../providers/staffMethods';
import { saveFile } from '../../downloadFile';

/** An application file as a list of attachments shows it: a message's, or the follow-up report's (never an agreement). */
type AttachedFile = Pick<MessageFile, 'uuid' | 'name' | 'size'> & { is_agreement?: boolean };

/** A message's attachments, each downloaded under its own name, with its size; the agreement is marked. */
export function MessageAttachments({
  uuid,
  files,
  label = 'app.dialogue.attachments',
}: {
  uuid: string;
  files: AttachedFile[];
  label?: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();

  const download = async (file: AttachedFile) => {
    try {
      // The name as stored, not the plain-ASCII one the header carries for old browsers.
      saveFile({ ...(await dataProvider.getApplicationFile(uuid, file.uuid)), name: file.name }, file.name);
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <Box component="ul" aria-label={translate(label)} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
      {files.map((file) => (
        <Box component="li" key={file.uuid} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.25 }}>
          <Link component="button" type="button" onClick={() => void download(file)} sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}>
            {file.name}
          </Link>
          <Typography variant="body2" color="text.secondary" component="span">
            {formatFileSize(file.size, locale)}
          </Typography>
          {file.is_agreement && <Chip size="small" color="secondary" label={translate('app.dialogue.agreement_chip')} />}
        </Box>
      ))}
    </Box>
  );
}
