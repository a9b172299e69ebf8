import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { Alert, Badge, Box, Button, Card, CardContent, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from '../router';
import { enums, enumKey } from '../../../resources/enums';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate, formatMoney } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import { langOf, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import { visuallyHidden } from '../../components/visuallyHidden';
import { GrantSummary } from '../grant/GrantSummary';
import { capitalised, roleName } from '../organisation/historySentence';
import { portalReads, useRead } from '../portalApi';

/** The router state an organisation's page comes here with once the applicant has left it. */
export interface DashboardState {
  leftOrganisation: string;
}

/** One of the applicant's own applications, as the portal lists them. */

// The decision-basis view loads when an applicant opens it.
const ApplicationSummary = lazy(() => import('../apply/ApplicationSummary'));

const statusKey = (value: number) => enumKey('application_status', value) ?? 'received';
const { draft, approved, rejected } = enums.application_status;

/** / and /dashboard: the applicant's own applications, drafts to continue, and a way to apply. */
export default function DashboardPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.dashboard.title'));
  const { data, error, loading } = useRead(portalReads.applications(), locale);
  // The grants of approved applications whose decision has reached the applicant, with what is paid and due.
  const { data: grants } = useRead(portalReads.grants(), locale);
  // The organisations the applicant is a member of: whose applications they see, and where they sign.
  const { data: organisations } = useRead(portalReads.myOrganisations(), locale);
  const [open, setOpen] = useState<string | null>(null);
  const left = (useLocation().state as Partial<DashboardState> | null)?.leftOrganisation;
  /** Whether the applicant accepts the conditions and asks for the money of an application: their own, or as a signatory. */
  const signs = (a: { organisation: { id: number } | null }) =>
    !a.organisation || organisations?.find((o) => o.id === a.organisation!.id)?.role === 'signatory';

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('portal.dashboard.title')}
        </Typography>
        {data && data.length > 0 && (
          <Button component={RouterLink} to="/ansok" variant="outlined">
            {t('portal.dashboard.new')}
          </Button>
        )}
      </Box>
      {left && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('portal.dashboard.left_organisation', { name: left })}
        </Alert>
      )}
      {loading && <LinearProgress aria-label={t('portal.loading')} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && data.length === 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography sx={{ mb: 2 }}>{t('portal.dashboard.empty')}</Typography>
            <Button component={RouterLink} to="/ansok" variant="contained" size="large">
              {t('portal.dashboard.apply')}
            </Button>
          </CardContent>
        </Card>
      )}
      {data && data.length > 0 && <Typography sx={{ mb: 2 }}>{t('portal.dashboard.intro')}</Typography>}
      <UntranslatedNote shown={!!data?.some((a) => someUntranslated([a, a.period]))} mt={-1} mb={2} />
      <Stack spacing={2}>
        {data?.map((a) => (
          <Card key={a.id} component="article" aria-labelledby={`application-${a.id}`} variant="outlined">
            <CardContent>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
                <Typography
                  variant="h6"
                  component="h2"
                  id={`application-${a.id}`}
                  lang={a.application_type ? langOf(locale, a, 'application_type') : langOf(locale, a.period, 'name')}
                >
                  {a.application_type ?? a.period.name}
                </Typography>
                <Chip
                  label={t(`enums.application_status.${statusKey(a.status)}`)}
                  color={a.status === approved ? 'success' : a.status === draft || a.status === rejected ? 'default' : 'primary'}
                  variant={a.status === draft ? 'outlined' : 'filled'}
                  aria-label={`${t('portal.dashboard.status')}: ${t(`enums.application_status.${statusKey(a.status)}`)}`}
                />
              </Box>
              {a.organisation && (
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<GroupsOutlinedIcon aria-hidden />}
                  sx={{ my: 0.5, maxWidth: '100%' }}
                  label={
                    <>
                      <Box component="span" sx={visuallyHidden}>
                        {t('portal.dashboard.organisation')}:{' '}
                      </Box>
                      {a.organisation.name}
                    </>
                  }
                />
              )}
              <Typography color="text.secondary" lang={langOf(locale, a.period, 'name')}>
                {a.period.name}
              </Typography>
              {a.reference && <Typography variant="body2">{t('portal.dashboard.reference', { reference: a.reference })}</Typography>}
              {a.money !== null && (
                <Typography variant="body2">{t('portal.dashboard.amount', { amount: formatMoney(a.money, locale) })}</Typography>
              )}
              {a.approved_money !== null && (
                <Typography variant="body2">{t('portal.dashboard.approved', { amount: formatMoney(a.approved_money, locale) })}</Typography>
              )}
              {grants?.some((g) => g.uuid === a.uuid) && <GrantSummary grant={grants.find((g) => g.uuid === a.uuid)!} signs={signs(a)} />}
              <Typography variant="body2" color="text.secondary">
                {a.sent_in_at
                  ? t('portal.dashboard.sent_in', { date: formatDate(a.sent_in_at, locale) })
                  : t('portal.dashboard.draft_saved', { date: formatDate(a.updated_at, locale) })}
              </Typography>
              {a.status === draft && a.period.open && (
                <Button component={RouterLink} to={`/ansok/${a.period.id}?application=${a.uuid}`} variant="contained" sx={{ mt: 1 }}>
                  {t('portal.dashboard.continue')}
                </Button>
              )}
              {a.status !== draft && (
                <Button
                  component={RouterLink}
                  to={`/dialog/${a.uuid}`}
                  variant={a.unread_messages ? 'contained' : 'outlined'}
                  // The badge is only seen: the name says the count ("Meddelanden, 3 olästa meddelanden").
                  aria-label={
                    a.unread_messages
                      ? `${t('portal.dashboard.messages')}, ${t('portal.dashboard.unread', { smart_count: a.unread_messages })}`
                      : undefined
                  }
                  sx={{ mt: 1, mr: 1 }}
                  startIcon={
                    <Badge badgeContent={a.unread_messages} color="secondary" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
                      <ForumOutlinedIcon />
                    </Badge>
                  }
                >
                  {t('portal.dashboard.messages')}
                </Button>
              )}
              {a.followup_at && !a.followup_sent_in_at && (
                <Button
                  component={RouterLink}
                  to={`/followup/${a.uuid}`}
                  variant="contained"
                  startIcon={<AssignmentOutlinedIcon />}
                  sx={{ mt: 1, mr: 1 }}
                >
                  {t('portal.dashboard.followup')} · {t('portal.dashboard.followup_due', { date: formatDate(a.followup_at, locale) })}
                </Button>
              )}
              {a.status !== draft && (
                <Button
                  sx={{ mt: 1 }}
                  aria-expanded={open === a.uuid}
                  aria-controls={`summary-${a.uuid}`}
                  onClick={() => setOpen(open === a.uuid ? null : a.uuid)}
                >
                  {open === a.uuid ? t('portal.dashboard.hide') : t('portal.dashboard.show')}
                </Button>
              )}
              {open === a.uuid && (
                <Box id={`summary-${a.uuid}`} sx={{ mt: 2, borderTop: 1, borderColor: 'divider', pt: 2 }}>
                  <Suspense fallback={<LinearProgress aria-label={t('portal.loading')} />}>
                    <ApplicationSummary uuid={a.uuid} />
                  </Suspense>
                </Box>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {organisations && organisations.length > 0 && (
        <Box component="section" aria-labelledby="organisations-heading" sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2" id="organisations-heading" sx={{ mb: 1 }}>
            {t('portal.dashboard.organisations')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('portal.dashboard.organisations_intro')}</Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {organisations.map((o) => (
              <Card component="li" key={o.id} variant="outlined">
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                  <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={`/organisationer/${o.id}`}>
                      {o.name}
                    </Link>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('portal.dashboard.org_number', { number: o.org_number })}
                  </Typography>
                  <Typography variant="body2">
                    {capitalised(roleName(t, o.role))} · {t('portal.dashboard.members', { smart_count: o.members })}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </Box>
      )}
    </>
  );
}
