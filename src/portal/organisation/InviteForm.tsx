import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, FormControl, FormHelperText, FormLabel, NativeSelect, OutlinedInput, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { MemberRole } from '../../../resources/memberRoles';
import { useI18n } from '../../components/i18n';
import { TextInput } from '../../components/TextInput';
import { ApiError } from '../../providers/httpClient';
import { portalApi, type OrganisationPeople } from '../portalApi';
import { capitalised } from './historySentence';

/**
 * A signatory invites a person by e-mail to a role (the browser's own select, which the form's SelectField uses too:
 * radio buttons here would bring MUI's FormControlLabel into the chunk every page shares). The server checks the
 * address; its refusal (already a member, not an address) shows beside the field, any other failure above the button.
 */
export function InviteForm({
  organisationId,
  onInvited,
}: {
  organisationId: number;
  onInvited: (page: OrganisationPeople, email: string) => void;
}) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const address = email.trim();
    const problem = address ? null : t('portal.register.required');
    setError(problem);
    if (problem) {
      document.getElementById('invite-email')?.focus();
      return;
    }
    setBusy(true);
    try {
      const page = await portalApi.invite(organisationId, { email: address, role });
      setEmail('');
      setRole('member');
      onInvited(page, address);
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.body.errors?.email : undefined;
      if (field) {
        setError(field);
        document.getElementById('invite-email')?.focus();
      } else setFailure((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="invite-heading">
      <Typography variant="h5" component="h2" id="invite-heading" sx={{ mb: 1 }}>
        {t('portal.organisation.invite.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('portal.organisation.invite.intro')}</Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void send(event)} sx={{ maxWidth: 520 }}>
        <TextInput
          id="invite-email"
          name="email"
          type="email"
          label={t('portal.organisation.invite.email')}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!error}
          helperText={error ?? ' '}
          autoComplete="off"
          inputProps={{ inputMode: 'email', 'aria-invalid': !!error, maxLength: 254 }}
        />
        <FormControl fullWidth>
          <FormLabel htmlFor="invite-role" sx={{ mb: 0.5 }}>
            {t('portal.organisation.invite.role')}
          </FormLabel>
          <NativeSelect
            input={<OutlinedInput />}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            inputProps={{ id: 'invite-role', name: 'role', 'aria-describedby': 'invite-role-helper' }}
          >
            {(['member', 'signatory'] as const).map((value) => (
              <option key={value} value={value}>
                {capitalised(t(`portal.organisation.roles.${value}`))}
              </option>
            ))}
          </NativeSelect>
          <FormHelperText id="invite-role-helper">{t(`portal.organisation.invite.${role}_hint`)}</FormHelperText>
        </FormControl>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} startIcon={<SendOutlinedIcon />}>
            {busy ? t('portal.organisation.invite.sending') : t('portal.organisation.invite.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
