import ListAltIcon from '@mui/icons-material/ListAlt';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Link } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Divider,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../../resources/format';
import type { OrganisationHistoryEntry, OrganisationMember, OrganisationPeople } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { organisationHistoryTeller } from './historySentence';
import { memberName, PersonDialog, RemoveMemberDialog, type OrganisationRef } from './MemberDialogs';
import { peopleScope, usePeopleTranslate } from './scopes';

type Open = { kind: 'add' } | { kind: 'role'; member: OrganisationMember } | { kind: 'remove'; member: OrganisationMember } | null;

/**
 * Below an organisation's form, "Personer": its members (portal accounts) with their roles and since when, a person
 * added, given another role or removed with a reason; the invitations waiting; and its history as sentences, newest
 * first. Those who manage the register (`manage-organisations`) alone reach the organisation's page.
 */
export function OrganisationPeopleSection() {
  const record = useRecordContext<{ id: number }>();
  const t = usePeopleTranslate();
  const id = record?.id ?? 0;
  const people = useStaffQuery(peopleScope(id), 'getOrganisationPeople', [id], { enabled: record !== undefined });
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="organisation-people" sx={{ p: 2, maxWidth: 1000 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id="organisation-people" gutterBottom>
        {t('heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      {/* Its applications and grants, whoever of its people wrote them: the applications list filtered to it. */}
      <Button
        component={Link}
        to={{ pathname: '/applications', search: `?${new URLSearchParams({ filter: JSON.stringify({ organisation_id: id }) })}` }}
        startIcon={<ListAltIcon />}
        sx={{ mb: 2 }}
      >
        {t('applications')}
      </Button>
      <Loaded query={people}>{(data) => <People people={data} />}</Loaded>
    </Box>
  );
}

function People({ people }: { people: OrganisationPeople }) {
  const t = usePeopleTranslate();
  const [open, setOpen] = useState<Open>(null);
  const organisation: OrganisationRef = { id: people.organisation.id, name: people.organisation.name };
  const close = () => setOpen(null);
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="organisation-members">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" id="organisation-members" sx={{ fontWeight: 500 }}>
            {t('members')}
          </Typography>
          <Button startIcon={<PersonAddIcon />} onClick={() => setOpen({ kind: 'add' })}>
            {t('add')}
          </Button>
        </Stack>
        <Members
          members={people.members}
          onRole={(member) => setOpen({ kind: 'role', member })}
          onRemove={(member) => setOpen({ kind: 'remove', member })}
        />
      </Box>
      <Invitations invitations={people.invitations} />
      <History history={people.history} />
      {open?.kind === 'add' && <PersonDialog organisation={organisation} onClose={close} />}
      {open?.kind === 'role' && <PersonDialog organisation={organisation} member={open.member} onClose={close} />}
      {open?.kind === 'remove' && <RemoveMemberDialog organisation={organisation} member={open.member} onClose={close} />}
    </Stack>
  );
}

interface MemberActions {
  onRole: (member: OrganisationMember) => void;
  onRemove: (member: OrganisationMember) => void;
}

/** A member's two actions, each named with whom it acts on for a screen reader. */
function MemberButtons({ member, onRole, onRemove, phone }: MemberActions & { member: OrganisationMember; phone: boolean }) {
  const t = usePeopleTranslate();
  const name = memberName(member);
  const size = phone ? 'medium' : 'small';
  const variant = phone ? 'outlined' : 'text';
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button size={size} variant={variant} onClick={() => onRole(member)} aria-label={t('change_role_of', { name })}>
        {t('change_role')}
      </Button>
      <Button size={size} variant={variant} color="error" onClick={() => onRemove(member)} aria-label={t('remove_of', { name })}>
        {t('remove')}
      </Button>
    </Stack>
  );
}

/** The members: a table on a screen, a list on a phone (where the table's actions would lie beyond the edge). */
function Members({ members, ...actions }: MemberActions & { members: OrganisationMember[] }) {
  const t = usePeopleTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const phone = useIsPhone();
  if (members.length === 0) return <Alert severity="info">{t('members_empty')}</Alert>;
  const role = (member: OrganisationMember) => t(`roles.${member.role}`);
  const name = (member: OrganisationMember) => member.name ?? t('no_name');
  if (phone) {
    return (
      <List aria-labelledby="organisation-members" disablePadding>
        {members.map((member) => (
          <ListItem key={member.id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
            <Typography sx={{ fontWeight: 500 }}>{name(member)}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {role(member)} · {t('since', { date: formatDate(member.joined_at, locale) })}
            </Typography>
            <MemberButtons member={member} phone {...actions} />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    // A grid track that may be narrower than the table: in a narrow window the table scrolls in its box.
    <TableContainer sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Table size="small" aria-labelledby="organisation-members">
        <TableHead>
          <TableRow>
            {['name', 'email', 'role', 'joined_at', 'actions'].map((field) => (
              <TableCell key={field}>{t(`fields.${field}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id}>
              <TableCell>{name(member)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
              <TableCell>{role(member)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(member.joined_at, locale)}</TableCell>
              <TableCell>
                <MemberButtons member={member} phone={false} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The invitations a signatory sent that wait to be accepted: to which address, as what, sent and valid until when. */
function Invitations({ invitations }: { invitations: OrganisationPeople['invitations'] }) {
  const t = usePeopleTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  return (
    <Box component="section" aria-labelledby="organisation-invitations">
      <Typography variant="subtitle1" component="h3" id="organisation-invitations" sx={{ fontWeight: 500, mb: 1 }}>
        {t('invitations')}
      </Typography>
      {invitations.length === 0 ? (
        <Typography color="text.secondary">{t('invitations_empty')}</Typography>
      ) : (
        <List dense aria-labelledby="organisation-invitations" disablePadding>
          {invitations.map((invitation) => (
            <ListItem key={invitation.id} divider disableGutters>
              <ListItemText
                primary={invitation.email}
                secondary={t('invitation_line', {
                  role: t(`role_in_text.${invitation.role}`),
                  sent: formatDate(invitation.created_at, locale),
                  expires: formatDate(invitation.expires_at, locale),
                })}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** What happened to the organisation's people, newest first: a sentence, when, and why where a reason was given. */
function History({ history }: { history: OrganisationHistoryEntry[] }) {
  const translate = useTranslate();
  const t = usePeopleTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const teller = organisationHistoryTeller(translate, locale);
  return (
    <Box component="section" aria-labelledby="organisation-history">
      <Typography variant="subtitle1" component="h3" id="organisation-history" sx={{ fontWeight: 500, mb: 1 }}>
        {t('history')}
      </Typography>
      {history.length === 0 ? (
        <Typography color="text.secondary">{t('history_empty')}</Typography>
      ) : (
        <List dense aria-labelledby="organisation-history" disablePadding>
          {history.map((entry) => {
            const reason = teller.reason(entry);
            return (
              <ListItem key={entry.id} divider disableGutters>
                <ListItemText
                  primary={teller.sentence(entry)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  secondary={
                    <>
                      {formatDateTime(entry.at, locale)}
                      {reason && (
                        <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                          {reason}
                        </Box>
                      )}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
