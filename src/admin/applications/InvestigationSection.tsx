import { Alert, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import { errorBody } from '../../providers/dataProvider';
import type { Investigation, Proposal } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useUnsavedChanges } from '../unsaved/unsavedChanges';
import { useApplicationMutation, useApplicationQuery } from '../useStaffQuery';
import { proposalKey } from './InvestigatorsSection';
import { ProposalChoice, ProposalSection } from './ProposalSection';

/** The investigator's own proposal (amount, grant or reject, comment) beside the other investigators' proposals. */
export function InvestigationSection({ uuid }: { uuid: string }) {
  const { identity } = useGetIdentity();
  const proposals = useApplicationQuery('getInvestigations', uuid);
  // The form starts from the investigator's own proposal as first loaded, once it is known who they are.
  return (
    <Loaded query={proposals}>{(loaded) => identity && <InvestigationForm uuid={uuid} proposals={loaded} userId={identity.id} />}</Loaded>
  );
}

function InvestigationForm({ uuid, proposals, userId }: { uuid: string; proposals: Proposal[]; userId: unknown }) {
  const translate = useTranslate();
  const notify = useNotify();
  const investigate = useApplicationMutation(uuid, (dataProvider, investigation: Investigation) =>
    dataProvider.investigate(uuid, investigation),
  );
  const [mine, setMine] = useState<Investigation>(() => {
    const own = proposals.find((p) => p.user_id === userId);
    return own
      ? { amount: own.amount, status: own.status ?? enums.investigation_status.no_proposal, comment: own.comment ?? '' }
      : { amount: null, status: enums.investigation_status.no_proposal, comment: '' };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(mine);
  useUnsavedChanges(JSON.stringify(mine) !== JSON.stringify(saved));

  const save = async () => {
    setErrors({});
    try {
      await investigate.mutateAsync({ ...mine, comment: mine.comment || null });
      setSaved(mine);
      notify('app.investigation.saved', { type: 'success' });
    } catch (failure) {
      setErrors(errorBody(failure as HttpError)?.errors ?? {});
      notify((failure as Error).message, { type: 'error' });
    }
  };

  const others = proposals.filter((p) => p.user_id !== userId);
  return (
    <ProposalSection
      id="investigation"
      title="app.investigation.title"
      save="app.investigation.save"
      onSave={() => void save()}
      after={<OtherProposals others={others} />}
    >
      <ProposalChoice value={mine} onChange={(proposal) => setMine((m) => ({ ...m, ...proposal }))} problem={errors.amount} />
      <TextField
        label={translate('app.investigation.comment')}
        multiline
        minRows={3}
        value={mine.comment ?? ''}
        onChange={(event) => setMine((m) => ({ ...m, comment: event.target.value }))}
        error={!!errors.comment}
        helperText={errors.comment ?? ' '}
      />
    </ProposalSection>
  );
}

/** The other investigators' proposals, read-only. */
function OtherProposals({ others }: { others: Proposal[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="subtitle1" component="h4" sx={{ mt: 2, fontWeight: 600 }}>
        {translate('app.investigation.others')}
      </Typography>
      {others.length === 0 ? (
        <Alert severity="info">{translate('app.investigation.no_others')}</Alert>
      ) : (
        <List dense>
          {others.map((p) => (
            <ListItem key={p.user_id} disableGutters divider>
              {/* A reviewer whose own review is not in reads the others' proposals once it is. */}
              <ListItemText
                primary={
                  p.withheld || p.status === null
                    ? translate('app.withheld.proposal', { name: p.name })
                    : `${p.name}: ${translate(`enums.investigation_status.${proposalKey(p.status)}`)}${p.amount !== null ? `, ${formatMoney(p.amount, locale)}` : ''}`
                }
                secondary={p.comment}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
