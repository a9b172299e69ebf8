import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';

/**
 * On the statistics page, "Stoppade av behörighetsfrågorna": how many applicants stopped at which question of each
 * type's check, of the period chosen (null: every period the user holds).
 */
export function EligibilityStops({ period }: { period: number | null }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`eligibility.statistics.${key}`, options);
  const stops = useStaffQuery(['statistics', 'eligibility'], 'getEligibilityStops', [period]);
  return (
    <Box component="section" aria-labelledby="eligibility-stops" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="eligibility-stops" gutterBottom>
        {t('heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <Loaded query={stops}>
        {({ types }) =>
          types.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            types.map((type) => (
              <TableContainer key={type.application_type_id} sx={{ mb: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
                <Table size="small" aria-labelledby={`eligibility-stops-${type.application_type_id}`}>
                  <caption
                    id={`eligibility-stops-${type.application_type_id}`}
                    style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}
                  >
                    <Typography component="span" sx={{ fontWeight: 500 }}>
                      {type.label}
                    </Typography>
                  </caption>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('question')}</TableCell>
                      <TableCell align="right">{t('stops')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {type.questions.map((q, index) => (
                      <TableRow key={q.question_id ?? `removed-${index}`}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          {q.question_id === null ? t('removed', { question: q.question }) : q.question}
                        </TableCell>
                        <TableCell align="right">{q.stops}</TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell sx={{ fontWeight: 500 }}>{t('total')}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 500 }}>
                        {type.stops}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </TableContainer>
            ))
          )
        }
      </Loaded>
    </Box>
  );
}
