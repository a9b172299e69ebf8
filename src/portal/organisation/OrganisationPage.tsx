import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import type { MemberRole } from '../../../resources/memberRoles';
import { formatDate, formatDateTime } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import { usePageTitle } from '../../components/usePageTitle';
import { ApiError } from '../../providers/httpClient';
import type { DashboardState } from '../pages/DashboardPage';
import { portalApi, portalReads, useRead, type OrganisationPeople } from '../portalApi';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from '../router';
import { ConfirmChange } from './ConfirmChange';
import { capitalised, historyReason, historySentence, roleName } from './historySentence';
import { InviteForm } from './InviteForm';

/** The router state the invitation's page comes here with once it is accepted. */
export interface OrganisationState {
  joined: boolean;
}

type Member = OrganisationPeople['members'][number];

/**
 * /organisationer/:id, an organisation's people as its members see them: who they are and their roles, the invitations
 * waiting and what happened. A signatory invites, gives roles and removes; anyone leaves. Removing and leaving are
 * confirmed first; a change the server refuses (the last signatory) says why. Not found to one who is not a member.
 */
export default function OrganisationPage() {
  const { t, locale } = useI18n();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const joined = (useLocation().state as Partial<OrganisationState> | null)?.joined === true;
  // Read again after a removal, which answers nothing; the other changes answer the page.
  const [reads, setReads] = useState(0);
  const { data, error } = useRead(portalReads.organisationPeople(id), `${locale}/${reads}`);
  const { data: mine } = useRead(portalReads.myOrganisations(), locale);
  // The page a change answered, until the next read answers.
  const [changed, setChanged] = useState<{ over: OrganisationPeople | null; page: OrganisationPeople } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const people = changed && changed.over === data ? changed.page : data;
  usePageTitle(people?.organisation.name ?? t('portal.organisation.title'));

  if (error instanceof ApiError && error.status === 404) return <Navigate to="/finns-inte" replace />;

  const me = mine?.find((o) => String(o.id) === id)?.member_id ?? null;
  const signatory = people?.role === 'signatory';
  const nameOf = (member: Member) => member.name ?? member.email;
  const said = (message: string) => {
    setFailure(null);
    setNotice(message);
  };

  const changeRole = async (member: Member, role: MemberRole) => {
    if (!people) return;
    setBusy(member.id);
    setNotice(null);
    setFailure(null);
    try {
      const page = await portalApi.changeRole(people.organisation.id, member.id, role);
      setChanged({ over: data, page });
      said(t('portal.organisation.role_changed', { name: nameOf(member), role: roleName(t, role) }));
    } catch (caught) {
      setFailure((caught as Error).message);
    } finally {
      setBusy(null);
    }
  };

  /** A signatory withdraws an invitation still waiting: its link opens nothing from then on. */
  const withdraw = async (invitation: OrganisationPeople['invitations'][number]) => {
    if (!people) return;
    setBusy(invitation.id);
    setNotice(null);
    setFailure(null);
    try {
      const page = await portalApi.withdrawInvitation(people.organisation.id, invitation.id);
      setChanged({ over: data, page });
      said(t('portal.organisation.withdrawn', { email: invitation.email }));
    } catch (caught) {
      setFailure((caught as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (member: Member) => {
    if (!people) return;
    await portalApi.removeMember(people.organisation.id, member.id);
    setRemoving(null);
    setChanged({ over: data, page: { ...people, members: people.members.filter((m) => m.id !== member.id) } });
    setReads((n) => n + 1);
    said(t('portal.organisation.removed', { name: nameOf(member) }));
    // The button that opened the dialog is gone with the member: the list's heading takes the focus.
    requestAnimationFrame(() => membersHeading.current?.focus());
  };

  const leave = async () => {
    if (!people || me === null) return;
    await portalApi.removeMember(people.organisation.id, me);
    const state: DashboardState = { leftOrganisation: people.organisation.name };
    void navigate('/', { replace: true, state });
  };

  const signatories = people?.members.filter((m) => m.role === 'signatory') ?? [];
  const onlySignatory = signatory && signatories.length === 1 && signatories[0].id === me && (people?.members.length ?? 0) > 1;
  const history = [...(people?.history ?? [])].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id);

  return (
    <>
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('portal.organisation.back')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {people?.organisation.name ?? t('portal.organisation.title')}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!people && !error && <LinearProgress aria-label={t('portal.loading')} />}
      {people && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('portal.organisation.org_number', { number: people.organisation.org_number })}
            {people.role && ` · ${t('portal.organisation.your_role', { role: roleName(t, people.role) })}`}
          </Typography>
          {joined && !notice && !failure && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t('portal.organisation.joined', { name: people.organisation.name })}
            </Alert>
          )}
          {notice && (
            <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Typography sx={{ mb: 3 }}>{t('portal.organisation.roles_intro')}</Typography>

          <Stack spacing={4}>
            <Box component="section" aria-labelledby="members-heading">
              <Typography
                variant="h5"
                component="h2"
                id="members-heading"
                ref={membersHeading}
                tabIndex={-1}
                sx={{ mb: 1, '&:focus': { outline: 'none' } }}
              >
                {t('portal.organisation.members')}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {people.members.map((member) => {
                  const nameId = `member-${member.id}`;
                  const other = member.role === 'signatory' ? 'member' : 'signatory';
                  return (
                    <Paper component="li" variant="outlined" key={member.id} sx={{ p: 2 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                        <Typography component="h3" id={nameId} sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>
                          {nameOf(member)}
                          {member.id === me && ` (${t('portal.organisation.you')})`}
                        </Typography>
                        <Chip
                          size="small"
                          label={capitalised(roleName(t, member.role))}
                          color={member.role === 'signatory' ? 'primary' : 'default'}
                          variant={member.role === 'signatory' ? 'filled' : 'outlined'}
                        />
                      </Box>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {member.name && `${member.email} · `}
                        {t('portal.organisation.joined_at', { date: formatDate(member.joined_at, locale) })}
                      </Typography>
                      {signatory && mine && (
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                          <Button
                            size="small"
                            variant="outlined"
                            aria-describedby={nameId}
                            disabled={busy !== null}
                            onClick={() => void changeRole(member, other)}
                          >
                            {t(other === 'signatory' ? 'portal.organisation.make_signatory' : 'portal.organisation.make_member')}
                          </Button>
                          {member.id !== me && (
                            <Button
                              size="small"
                              color="error"
                              aria-describedby={nameId}
                              startIcon={<PersonRemoveOutlinedIcon />}
                              disabled={busy !== null}
                              onClick={() => setRemoving(member)}
                            >
                              {t('portal.organisation.remove')}
                            </Button>
                          )}
                        </Box>
                      )}
                    </Paper>
                  );
                })}
              </Stack>
            </Box>

            <Box component="section" aria-labelledby="invitations-heading">
              <Typography variant="h5" component="h2" id="invitations-heading" sx={{ mb: 1 }}>
                {t('portal.organisation.invitations')}
              </Typography>
              {people.invitations.length === 0 ? (
                <Typography color="text.secondary">{t('portal.organisation.no_invitations')}</Typography>
              ) : (
                <Box component="ul" sx={{ pl: 3, m: 0 }}>
                  {people.invitations.map((invitation) => (
                    <Typography component="li" key={invitation.id} sx={{ overflowWrap: 'anywhere' }}>
                      {t('portal.organisation.invitation', {
                        email: invitation.email,
                        role: roleName(t, invitation.role),
                        date: formatDate(invitation.expires_at, locale),
                      })}
                      {signatory && (
                        <Button
                          size="small"
                          onClick={() => void withdraw(invitation)}
                          disabled={busy !== null}
                          aria-label={t('portal.organisation.withdraw_of', { email: invitation.email })}
                          sx={{ ml: 1 }}
                        >
                          {t('portal.organisation.withdraw')}
                        </Button>
                      )}
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>

            {signatory && (
              <InviteForm
                organisationId={people.organisation.id}
                onInvited={(page, email) => {
                  setChanged({ over: data, page });
                  said(t('portal.organisation.invite.sent', { email }));
                }}
              />
            )}

            <Box component="section" aria-labelledby="history-heading">
              <Typography variant="h5" component="h2" id="history-heading" sx={{ mb: 1 }}>
                {t('portal.organisation.history.heading')}
              </Typography>
              {history.length === 0 ? (
                <Typography color="text.secondary">{t('portal.organisation.history.empty')}</Typography>
              ) : (
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {history.map((entry) => {
                    const reason = historyReason(entry);
                    return (
                      <Box component="li" key={entry.id} sx={{ overflowWrap: 'anywhere' }}>
                        <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.at} sx={{ display: 'block' }}>
                          {formatDateTime(entry.at, locale)}
                        </Typography>
                        <Typography>{historySentence(entry, t)}</Typography>
                        {reason && (
                          <Typography variant="body2" color="text.secondary">
                            {t('portal.organisation.history.reason', { reason })}
                          </Typography>
                        )}
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Box>

            {me !== null && (
              <Box component="section" aria-labelledby="leave-heading">
                <Typography variant="h5" component="h2" id="leave-heading" sx={{ mb: 1 }}>
                  {t('portal.organisation.leave.heading')}
                </Typography>
                <Typography sx={{ mb: 1 }}>{t('portal.organisation.leave.intro')}</Typography>
                {onlySignatory && (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {t('portal.organisation.leave.last_signatory')}
                  </Alert>
                )}
                <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setLeaving(true)}>
                  {t('portal.organisation.leave.button')}
                </Button>
              </Box>
            )}
          </Stack>

          {removing && (
            <ConfirmChange
              title={t('portal.organisation.remove_title', { name: nameOf(removing) })}
              confirm={t('portal.organisation.remove')}
              icon={<PersonRemoveOutlinedIcon />}
              action={() => remove(removing)}
              onClose={() => setRemoving(null)}
            >
              {t('portal.organisation.remove_text', { name: nameOf(removing) })}
            </ConfirmChange>
          )}
          {leaving && (
            <ConfirmChange
              title={t('portal.organisation.leave.title', { name: people.organisation.name })}
              confirm={t('portal.organisation.leave.confirm')}
              icon={<LogoutIcon />}
              action={leave}
              onClose={() => setLeaving(false)}
            >
              {t('portal.organisation.leave.text')}
              {people.members.length === 1 && (
                <Box component="span" sx={{ display: 'block', mt: 1 }}>
                  {t('portal.organisation.leave.alone')}
                </Box>
              )}
            </ConfirmChange>
          )}
        </>
      )}
    </>
  );
}
