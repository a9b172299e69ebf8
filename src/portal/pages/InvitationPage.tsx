import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { Alert, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';
import { ApiError } from '../../providers/httpClient';
import type { OrganisationState } from '../organisation/OrganisationPage';
import { portalApi } from '../portalApi';
import { Link as RouterLink, useNavigate, useParams } from '../router';

/**
 * /inbjudan/:token, opened from an invitation's mail, signed in (one without an account registers and comes back here,
 * RequireApplicant). Opening it does nothing (mail scanners open links too); only the button accepts, and then the
 * organisation's page shows. A link spent, withdrawn or expired (410), or sent to another address (403), says so.
 */
export default function InvitationPage() {
  const { t } = useI18n();
  usePageTitle(t('portal.invitation.title'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null);

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { organisation_id } = await portalApi.acceptInvitation(token);
      const state: OrganisationState = { joined: true };
      void navigate(`/organisationer/${organisation_id}`, { replace: true, state });
    } catch (caught) {
      // The link will not work for this account whatever is tried again: no button then.
      const final = caught instanceof ApiError && (caught.status === 410 || caught.status === 403);
      setFailure({ message: (caught as Error).message, final });
      setBusy(false);
    }
  };

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('portal.invitation.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('portal.invitation.intro')}</Typography>
        <Typography sx={{ mb: 3 }} color="text.secondary">
          {t('portal.invitation.address')}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure.message}
            {failure.final && (
              <>
                {' '}
                <Link component={RouterLink} to="/">
                  {t('portal.invitation.dashboard')}
                </Link>
              </>
            )}
          </Alert>
        )}
        {!failure?.final && (
          <Button
            variant="contained"
            size="large"
            startIcon={<GroupAddOutlinedIcon />}
            onClick={() => void accept()}
            disabled={busy}
            autoFocus
          >
            {busy ? t('portal.invitation.accepting') : t('portal.invitation.accept')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
