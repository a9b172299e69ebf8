import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { textIn } from '../../../resources/contentLanguage';
import { isLocale } from '../../../resources/locales';
import type { EligibilityAnswer } from '../../providers/staffMethods';

/**
 * On an application's tab, "Behörighetsfrågor": how the applicant answered the type's eligibility check before the
 * draft was made, with the questions as they read then. Nothing where no check was asked.
 */
export function EligibilityAnswers({ answers }: { answers: EligibilityAnswer[] | null }) {
  const translate = useTranslate();
  const [chosen] = useLocaleState();
  // In the reader's language where the text has it, else in Swedish, as every text staff wrote in both.
  const locale = isLocale(chosen) ? chosen : 'sv-SE';
  if (!answers?.length) return null;
  return (
    <Box component="section" aria-labelledby="eligibility-answers" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="eligibility-answers" gutterBottom>
        {translate('eligibility.answers.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('eligibility.answers.intro')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 1, m: 0 }}>
        {answers.map((a) => (
          <Box key={a.question_id} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {textIn(locale, a.question, a.question_en).text}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
              {textIn(locale, a.answer_label, a.answer_label_en).text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
