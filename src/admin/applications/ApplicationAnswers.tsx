import { Box, Link, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { applicationContents, type ContentFile, type ContentRow } from '../../../resources/applicationContents';
import { formatFileSize } from '../../../resources/format';
import { API_PREFIX } from '../../providers/config';
import type { StaffApplication } from '../../providers/staffMethods';

/** Only web addresses are links: anything else the applicant typed stays text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * Everything the applicant sent, step by step under the portal's step titles, in the order of the form: every answer
 * ("–" for none) and every file, each a download link with its size (`read`: named, not linked, as a board member's
 * reading from their meeting has no right to the application's own routes).
 */
export function ApplicationAnswers({ data, mode }: { data: StaffApplication; mode: 'manage' | 'investigate' | 'read' }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();

  const file = (f: ContentFile) => (
    <Box component="li" key={f.uuid}>
      {mode === 'read' ? (
        f.name
      ) : (
        <Link href={`${API_PREFIX}/applications/${encodeURIComponent(data.uuid)}/files/${encodeURIComponent(f.uuid)}`}>{f.name}</Link>
      )}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        ({formatFileSize(f.size, locale)})
      </Typography>
    </Box>
  );

  const value = (row: ContentRow): ReactNode => {
    if (row.files?.length)
      return (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {row.files.map(file)}
        </Box>
      );
    if (row.urls?.length)
      return row.urls.map((url, index) => (
        <Box key={index} sx={{ display: 'block' }}>
          {isWebAddress(url) ? (
            <Link href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </Link>
          ) : (
            url
          )}
        </Box>
      ));
    return row.text || '–';
  };

  return (
    <>
      {applicationContents(data, translate, locale).map((step) => (
        <Box key={step.step} component="section" sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {step.title}
          </Typography>
          {step.note && <Typography color="text.secondary">{step.note}</Typography>}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, columnGap: 2, m: 0 }}>
            {step.rows.map((row) => (
              <Fragment key={row.key}>
                <Typography component="dt" color="text.secondary" sx={{ mt: 1 }}>
                  {row.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mt: { xs: 0, sm: 1 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {value(row)}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}
