import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';
import { langOf, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import { TextInput } from '../../components/TextInput';
import { portalReads, useRead } from '../portalApi';

/**
 * /vanliga-fragor: the FAQs in the foundation's order, searchable, each answer behind its question (an accordion); in
 * the reader's language where the foundation wrote them in it, else in Swedish and said so.
 */
export default function FaqPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.faq.title'));
  const { data, error, loading } = useRead(portalReads.faqs(), locale);
  const [term, setTerm] = useState('');
  const needle = term.trim().toLocaleLowerCase(locale);
  const shown = (data ?? []).filter((f) => !needle || `${f.question} ${f.answer}`.toLocaleLowerCase(locale).includes(needle));

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('portal.faq.title')}
      </Typography>
      <Typography sx={{ mb: someUntranslated(data ?? []) ? 1 : 3 }}>{t('portal.faq.intro')}</Typography>
      <UntranslatedNote shown={someUntranslated(data ?? [])} mb={3} />
      <TextInput label={t('portal.faq.search')} type="search" value={term} onChange={(e) => setTerm(e.target.value)} sx={{ mb: 1 }} />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {data &&
          (needle && !shown.length
            ? t('portal.faq.no_match', { term: term.trim() })
            : t('portal.faq.count', { smart_count: shown.length }))}
      </Typography>
      {loading && <LinearProgress aria-label={t('portal.loading')} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && !data.length && <Typography>{t('portal.faq.empty')}</Typography>}
      {shown.map((faq) => (
        // The Accordion wraps each question in a heading itself; level 2 under the page's h1.
        <Accordion key={faq.id} disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${faq.id}`} aria-controls={`faq-${faq.id}-answer`}>
            <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500 }} lang={langOf(locale, faq, 'question')}>
              {faq.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ whiteSpace: 'pre-line' }} lang={langOf(locale, faq, 'answer')}>
              {faq.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </>
  );
}
