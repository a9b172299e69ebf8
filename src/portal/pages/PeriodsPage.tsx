import { Alert, Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from '../router';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import { langOf, sentenceWith, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import type { JsonOf } from '../../../server/routes/schemas';
import type { openPeriod } from '../../../server/routes/schemas/portal';
import { portalReads, useRead } from '../portalApi';

type OpenPeriod = JsonOf<typeof openPeriod>;

/** /ansok: the open periods with their dates and application types; ?period= and ?applicant_type= preselect. */
export default function PeriodsPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.periods.title'));
  const [params] = useSearchParams();
  const selected = Number(params.get('period')) || null;
  const applicantType = params.get('applicant_type');
  const { data, error, loading } = useRead(portalReads.periods(), locale);

  useEffect(() => {
    if (data && selected) document.getElementById(`period-${selected}`)?.scrollIntoView({ block: 'start' });
  }, [data, selected]);

  const applyLink = (period: OpenPeriod, typeId: number) => {
    const query = new URLSearchParams({ type: String(typeId), ...(applicantType ? { applicant_type: applicantType } : {}) });
    return `/ansok/${period.id}?${query}`;
  };

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('portal.periods.title')}
      </Typography>
      {loading && <LinearProgress aria-label={t('portal.loading')} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && !data.length && <Alert severity="info">{t('portal.periods.none')}</Alert>}
      {data && data.length > 0 && <Typography sx={{ mb: 3 }}>{t('portal.periods.intro')}</Typography>}
      <UntranslatedNote shown={!!data?.some((p) => someUntranslated([p, ...p.application_types, ...p.contacts]))} mt={-2} mb={3} />
      <Stack spacing={3}>
        {data?.map((period) => {
          const isSelected = period.id === selected;
          return (
            <Card
              key={period.id}
              id={`period-${period.id}`}
              component="section"
              aria-labelledby={`period-${period.id}-name`}
              aria-current={isSelected || undefined}
              variant="outlined"
              sx={{ borderWidth: isSelected ? 2 : 1, borderColor: isSelected ? 'primary.main' : 'divider' }}
            >
              <CardContent>
                {isSelected && (
                  <Typography variant="overline" color="primary">
                    {t('portal.periods.selected')}
                  </Typography>
                )}
                <Typography variant="h5" component="h2" id={`period-${period.id}-name`} lang={langOf(locale, period, 'name')}>
                  {period.name}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {t('portal.periods.dates', { start: formatDate(period.start_date, locale), end: formatDate(period.end_date, locale) })}
                </Typography>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
                  {t('portal.periods.types')}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
                  {period.application_types.map((type) => (
                    <Button key={type.id} variant="contained" component={RouterLink} to={applyLink(period, type.id)}>
                      {sentenceWith(t, 'portal.periods.apply', { name: 'type', text: type.label, lang: langOf(locale, type, 'label') })}
                    </Button>
                  ))}
                </Box>
                {period.contacts.length > 0 && (
                  <>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mt: 2 }}>
                      {t('portal.periods.contacts')}
                    </Typography>
                    <List dense>
                      {period.contacts.map((c) => (
                        <ListItem key={`${c.first_name}-${c.last_name}`} disableGutters>
                          <ListItemText
                            primary={
                              <>
                                {c.first_name} {c.last_name}
                                {c.title && (
                                  <>
                                    , <span lang={langOf(locale, c, 'title')}>{c.title}</span>
                                  </>
                                )}
                              </>
                            }
                            secondary={[c.email, c.phone].filter(Boolean).join(' · ')}
                          />
                        </ListItem>
                      ))}
                    </List>
                  </>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    </>
  );
}
