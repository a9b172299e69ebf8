import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { AccessRequest } from '../../providers/staffMethods';
import { saveFile } from '../downloadFile';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded } from '../LoadFailed';
import { useStaffChange, useStaffQuery } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { ReasonInput } from './MemberDialogs';
import { noProblems, problemsOf, type Problems } from './problems';
import { accessRequestsScope, peopleScope, useAccessTranslate } from './scopes';

type Decision = 'grant' | 'refuse';

/** The person asking, by name, else by address. */
const personOf = (request: AccessRequest) => request.name ?? request.email;

/**
 * organisation-access-requests: people asking for access to an organisation nobody is left in (its members all left),
 * those waiting first: the organisation (its page a click away), the person, why, when and where it stands. Granted,
 * the person becomes the organisation's signatory (a reason may be given); refused, with the reason (required), which
 * the person is mailed. For those who manage the register (`manage-organisations`).
 */
export default function AccessRequestsPage() {
  const t = useAccessTranslate();
  const title = t('title');
  usePageTitle(title);
  const requests = useStaffQuery(accessRequestsScope, 'getAccessRequests', []);
  const [deciding, setDeciding] = useState<{ request: AccessRequest; decision: Decision } | null>(null);
  const decide = (request: AccessRequest, decision: Decision) => setDeciding({ request, decision });
  return (
    <Box sx={{ py: 2, maxWidth: 1200 }}>
      <Title title={title} />
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <Loaded query={requests}>
        {(rows) =>
          rows.length === 0 ? (
            <Card>
              <CardContent>
                <Typography>{t('empty')}</Typography>
              </CardContent>
            </Card>
          ) : (
            <Requests rows={rows} onDecide={decide} />
          )
        }
      </Loaded>
      {deciding && <DecideDialog request={deciding.request} decision={deciding.decision} onClose={() => setDeciding(null)} />}
    </Box>
  );
}

/** The requests: a table on a screen, a list on a phone, where the table's actions would lie beyond the edge. */
function Requests({ rows, onDecide }: { rows: AccessRequest[]; onDecide: (request: AccessRequest, decision: Decision) => void }) {
  const t = useAccessTranslate();
  const phone = useIsPhone();
  const [locale = 'sv-SE'] = useLocaleState();
  if (phone) {
    return (
      <List aria-label={t('title')} disablePadding>
        {rows.map((request) => (
          <ListItem key={request.id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              <OrganisationLink request={request} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {request.org_number}
            </Typography>
            <Person request={request} />
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>
              {t('reason_line', { reason: request.reason })}
            </Typography>
            <AttachedFile request={request} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('received', { date: formatDate(request.created_at, locale) })}
            </Typography>
            <Status request={request} />
            {request.status === 'pending' && <DecisionButtons request={request} onDecide={onDecide} phone />}
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            {['organisation', 'person', 'reason', 'created_at', 'status', 'actions'].map((field) => (
              <TableCell key={field}>{t(`fields.${field}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((request) => (
            <TableRow key={request.id}>
              <TableCell>
                <OrganisationLink request={request} />
                <Typography variant="body2" color="text.secondary">
                  {request.org_number}
                </Typography>
              </TableCell>
              <TableCell>
                <Person request={request} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '40ch' }}>
                {request.reason}
                <AttachedFile request={request} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(request.created_at, locale)}</TableCell>
              <TableCell>
                <Status request={request} />
              </TableCell>
              <TableCell>
                {request.status === 'pending' && <DecisionButtons request={request} onDecide={onDecide} phone={false} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OrganisationLink({ request }: { request: AccessRequest }) {
  return (
    <Link component={RouterLink} to={`/organisations/${request.organisation_id}`}>
      {request.organisation_name}
    </Link>
  );
}

function Person({ request }: { request: AccessRequest }) {
  return (
    <>
      {request.name && <Typography variant="body2">{request.name}</Typography>}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {request.email}
      </Typography>
    </>
  );
}

/** The file the person attached to their reason (the annual meeting's minutes, say), downloaded on a click. */
function AttachedFile({ request }: { request: AccessRequest }) {
  const t = useAccessTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [busy, setBusy] = useState(false);
  if (!request.file) return null;
  const { name } = request.file;
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.getAccessRequestFile(request.id), name);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<AttachFileIcon />} onClick={() => void download()} disabled={busy} sx={{ mt: 0.5 }}>
      {t('file', { name })}
    </Button>
  );
}

/** Where the request stands; once decided, when, by whom and with what comment. */
function Status({ request }: { request: AccessRequest }) {
  const t = useAccessTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const color = request.status === 'pending' ? 'warning' : request.status === 'granted' ? 'success' : 'default';
  return (
    <>
      <Chip size="small" color={color} label={t(`statuses.${request.status}`)} />
      {request.decided_at && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {request.decided_by
            ? t('decided_by', { date: formatDate(request.decided_at, locale), name: request.decided_by })
            : t('decided_on', { date: formatDate(request.decided_at, locale) })}
        </Typography>
      )}
      {request.decision_reason && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {t('decision_reason', { reason: request.decision_reason })}
        </Typography>
      )}
    </>
  );
}

function DecisionButtons({
  request,
  onDecide,
  phone,
}: {
  request: AccessRequest;
  onDecide: (request: AccessRequest, decision: Decision) => void;
  phone: boolean;
}) {
  const t = useAccessTranslate();
  const names = { name: personOf(request), organisation: request.organisation_name };
  return (
    <Stack direction="row" spacing={1} sx={{ mt: phone ? 1 : 0, flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        size={phone ? 'medium' : 'small'}
        variant="contained"
        onClick={() => onDecide(request, 'grant')}
        aria-label={t('grant_of', names)}
      >
        {t('grant')}
      </Button>
      <Button
        size={phone ? 'medium' : 'small'}
        variant="outlined"
        color="error"
        onClick={() => onDecide(request, 'refuse')}
        aria-label={t('refuse_of', names)}
      >
        {t('refuse')}
      </Button>
    </Stack>
  );
}

/**
 * "Bevilja" or "Avslå", confirmed: what follows is said first (the person becomes the signatory, or is told the
 * reason); granting takes a comment if staff give one, refusing requires the reason. The list, and the organisation's
 * page, are read again after.
 */
function DecideDialog({ request, decision, onClose }: { request: AccessRequest; decision: Decision; onClose: () => void }) {
  const translate = useTranslate();
  const t = useAccessTranslate();
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>(noProblems);
  const queryClient = useQueryClient();
  const grant = decision === 'grant';
  const change = useStaffChange(
    (dataProvider, why: string) =>
      grant ? dataProvider.grantAccessRequest(request.id, why) : dataProvider.refuseAccessRequest(request.id, why),
    [accessRequestsScope, peopleScope(request.organisation_id)],
    { done: grant ? 'app.access_requests.granted' : 'app.access_requests.refused' },
  );
  const id = `access-${decision}`;
  const form = `${id}-form`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!grant && !reason.trim()) return setProblems({ fields: { reason: t('reason_required') }, message: null });
    setProblems(noProblems);
    change.mutate(reason.trim(), {
      onSuccess: onClose,
      onError: (failure) => {
        setProblems(problemsOf(failure, ['reason']));
        // Decided meanwhile by a colleague (409): the list, read again, shows how.
        void queryClient.invalidateQueries({ queryKey: accessRequestsScope });
      },
    });
  };
  const names = { name: personOf(request), email: request.email, organisation: request.organisation_name };
  return (
    <WorkDialog
      id={id}
      title={t(`${decision}_title`, names)}
      busy={change.isPending}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" form={form} variant="contained" color={grant ? 'primary' : 'error'}>
            {t(decision)}
          </Button>
        </>
      }
    >
      <Stack component="form" id={form} spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
        <Typography>{t(`${decision}_intro`, names)}</Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {t('reason_line', { reason: request.reason })}
        </Typography>
        <ReasonInput
          id={`${id}-reason`}
          label={t(grant ? 'grant_reason' : 'refuse_reason')}
          help={t(grant ? 'grant_reason_help' : 'refuse_reason_help')}
          value={reason}
          onChange={setReason}
          problem={problems.fields.reason}
          required={!grant}
          autoFocus
        />
        {problems.message && <Alert severity="error">{problems.message}</Alert>}
      </Stack>
    </WorkDialog>
  );
}
