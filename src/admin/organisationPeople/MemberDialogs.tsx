import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { memberRoles, type MemberRole } from '../../../resources/memberRoles';
import type { OrganisationMember } from '../../providers/staffMethods';
import { MAX_REASON } from '../ReasonField';
import { useStaffChange } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { noProblems, problemsOf, type Problems } from './problems';
import { peopleScope, usePeopleTranslate } from './scopes';

/** The organisation the dialogs change, as its page names it. */
export interface OrganisationRef {
  id: number;
  name: string;
}

/** A member as the dialogs name them: by name, else by address. */
export const memberName = (member: Pick<OrganisationMember, 'name' | 'email'>) => member.name ?? member.email;

/** The reads a change of the people alters: the organisation's page. */
const reloads = (organisationId: number) => [peopleScope(organisationId)];

/** The role, chosen with the keyboard or a tap: signatory or member, each with what it may do. */
function RoleChoice({
  id,
  value,
  onChange,
  problem,
}: {
  id: string;
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  problem?: string;
}) {
  const t = usePeopleTranslate();
  return (
    <FormControl error={!!problem}>
      <FormLabel id={`${id}-label`}>{t('role')}</FormLabel>
      <RadioGroup aria-labelledby={`${id}-label`} value={value} onChange={(event) => onChange(event.target.value as MemberRole)}>
        {memberRoles.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio />}
            label={
              <>
                {t(`roles.${role}`)}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {t(`role_help.${role}`)}
                </Typography>
              </>
            }
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
          />
        ))}
      </RadioGroup>
      {problem && <FormHelperText>{problem}</FormHelperText>}
    </FormControl>
  );
}

/** Why (required), kept in the organisation's history: the problem beside it, else what becomes of it. */
export function ReasonInput({
  id,
  label,
  help,
  value,
  onChange,
  problem,
  required = true,
  autoFocus = false,
}: {
  id: string;
  label?: string;
  help?: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const t = usePeopleTranslate();
  return (
    <TextField
      id={id}
      label={label ?? t('reason')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!problem}
      helperText={problem ?? help ?? t('reason_help')}
      slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
      required={required}
      multiline
      minRows={2}
      fullWidth
      autoFocus={autoFocus}
    />
  );
}

/** The dialog's two buttons: cancel, and the one that sends the form. */
function Actions({ form, confirm, onClose, danger = false }: { form: string; confirm: string; onClose: () => void; danger?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      <Button type="submit" form={form} variant="contained" color={danger ? 'error' : 'primary'}>
        {confirm}
      </Button>
    </>
  );
}

/**
 * "Lägg till person": a portal account by its address, in the role chosen, with the reason kept in the history; or,
 * given `member`, that member given another role (the same call, with their address). A missing address or reason is
 * said beside its field before anything is sent; the server's refusals beside theirs (no account has the address), a
 * change that would leave no signatory above the buttons.
 */
export function PersonDialog({
  organisation,
  member,
  onClose,
}: {
  organisation: OrganisationRef;
  member?: OrganisationMember;
  onClose: () => void;
}) {
  const t = usePeopleTranslate();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(member ? (member.role === 'signatory' ? 'member' : 'signatory') : 'member');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>(noProblems);
  const put = useStaffChange(
    (dataProvider, input: { email: string; role: MemberRole; reason: string }) =>
      dataProvider.putOrganisationMember(organisation.id, input),
    reloads(organisation.id),
    { done: member ? 'app.organisation_people.role_changed' : 'app.organisation_people.added' },
  );
  const id = member ? 'organisation-role' : 'organisation-add';
  const form = `${id}-form`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form alone: a submit bubbles through the portal to the page's own elements.
    event.stopPropagation();
    const address = member ? member.email : email.trim();
    const fields: Record<string, string> = {};
    if (!address) fields.email = t('email_required');
    if (member && role === member.role) fields.role = t('same_role', { name: memberName(member), role: t(`role_in_text.${role}`) });
    if (!reason.trim()) fields.reason = t('reason_required');
    setProblems({ fields, message: null });
    if (Object.keys(fields).length) return;
    put.mutate(
      { email: address, role, reason: reason.trim() },
      {
        onSuccess: onClose,
        onError: (failure) => setProblems(problemsOf(failure, member ? ['role', 'reason'] : ['email', 'role', 'reason'])),
      },
    );
  };

  return (
    <WorkDialog
      id={id}
      title={member ? t('change_role_title', { name: memberName(member) }) : t('add_title', { organisation: organisation.name })}
      busy={put.isPending}
      onClose={onClose}
      actions={<Actions form={form} confirm={member ? t('change_role') : t('add')} onClose={onClose} />}
      long
    >
      <Stack component="form" id={form} spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
        {member ? (
          <Typography>
            {t('change_role_intro', { name: memberName(member), email: member.email, role: t(`role_in_text.${member.role}`) })}
          </Typography>
        ) : (
          <>
            <Typography>{t('add_intro')}</Typography>
            <TextField
              id={`${id}-email`}
              label={t('email')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={!!problems.fields.email}
              helperText={problems.fields.email ?? ' '}
              required
              fullWidth
              autoFocus
            />
          </>
        )}
        <RoleChoice id={`${id}-role`} value={role} onChange={setRole} problem={problems.fields.role} />
        <ReasonInput id={`${id}-reason`} value={reason} onChange={setReason} problem={problems.fields.reason} />
        {problems.message && <Alert severity="error">{problems.message}</Alert>}
      </Stack>
    </WorkDialog>
  );
}

/**
 * "Ta bort": asks for the reason (kept in the history, mailed to the signatories and the person), then removes the
 * member; they reach nothing of the organisation's at once.
 */
export function RemoveMemberDialog({
  organisation,
  member,
  onClose,
}: {
  organisation: OrganisationRef;
  member: OrganisationMember;
  onClose: () => void;
}) {
  const t = usePeopleTranslate();
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>(noProblems);
  const remove = useStaffChange(
    (dataProvider, why: string) => dataProvider.removeOrganisationMember(organisation.id, member.id, why),
    reloads(organisation.id),
    { done: 'app.organisation_people.removed' },
  );
  const form = 'organisation-remove-form';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!reason.trim()) return setProblems({ fields: { reason: t('reason_required') }, message: null });
    setProblems(noProblems);
    remove.mutate(reason.trim(), { onSuccess: onClose, onError: (failure) => setProblems(problemsOf(failure, ['reason'])) });
  };
  return (
    <WorkDialog
      id="organisation-remove"
      title={t('remove_title', { name: memberName(member), organisation: organisation.name })}
      busy={remove.isPending}
      onClose={onClose}
      actions={<Actions form={form} confirm={t('remove')} onClose={onClose} danger />}
    >
      <Stack component="form" id={form} spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
        <Typography>
          {t('remove_intro', { name: memberName(member), email: member.email, role: t(`role_in_text.${member.role}`) })}
        </Typography>
        <ReasonInput id="organisation-remove-reason" value={reason} onChange={setReason} problem={problems.fields.reason} autoFocus />
        {problems.message && <Alert severity="error">{problems.message}</Alert>}
      </Stack>
    </WorkDialog>
  );
}
