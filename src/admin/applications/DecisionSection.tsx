import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import { includes } from '../../../resources/includes';
import type { HttpError } from 'react-admin';
import { errorBody } from '../../providers/dataProvider';
import type { Decision, DecisionInput } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useApplicationMutation, useApplicationQuery } from '../useStaffQuery';
import { BoardDecision } from './BoardDecision';
import { DecisionMail } from './DecisionMail';
import { PendingDecisionChange } from './PendingDecisionChange';
import { AmountInput, ProposalSection } from './ProposalSection';
import { useShownApplication } from './useShownApplication';
import { useUnsavedChanges } from '../unsaved/unsavedChanges';
import { ReasonField } from '../ReasonField';

const { approved, rejected } = enums.application_status;

/**
 * The decision: approved amount, FOU, NOK and global goals; for a period under the money
 * distribution cap, the amount still available shown live as the amount is typed, and FOU, NOK and goals left out.
 */
export function DecisionSection({ uuid }: { uuid: string }) {
  const decision = useApplicationQuery('getDecision', uuid);
  // The form starts from the decision as first loaded; reloads after saving leave what staff chose in place. The
  // decision mail follows the decision as saved.
  return (
    <Loaded query={decision}>
      {(loaded) => (
        <>
          {loaded.board ? (
            <BoardDecision decision={loaded} board={loaded.board} />
          ) : loaded.pending_change ? (
            <PendingDecisionChange uuid={uuid} change={loaded.pending_change} />
          ) : (
            <DecisionForm uuid={uuid} decision={loaded} />
          )}
          <DecisionMail uuid={uuid} status={loaded.status} />
        </>
      )}
    </Loaded>
  );
}

function DecisionForm({ uuid, decision }: { uuid: string; decision: Decision }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const decide = useApplicationMutation(uuid, (dataProvider, input: DecisionInput) => dataProvider.decide(uuid, input));
  // Opened from the status selector's "approved": the approval is made here, with its amount.
  const approveAsked = useShownApplication().approve && decision.status !== approved;
  // An application not yet decided starts with no decision chosen: staff choose it themselves.
  const [draft, setDraft] = useState<Partial<Decision>>(() => ({
    status: approveAsked ? approved : includes([approved, rejected], decision.status) ? decision.status : undefined,
    approved_money: decision.approved_money,
    approved_fou: decision.approved_fou,
    approved_nok: decision.approved_nok,
    // The decision's own goals; a first approval starts from the applicant's answer, which it leaves as it is.
    global_goals: (decision.status === approved ? decision.global_goals : decision.applicant_global_goals) ?? [],
  }));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // The amount as it is being typed, so what is left of the period's amount follows every keystroke.
  const [typing, setTyping] = useState<number | null | undefined>(undefined);
  const typed = JSON.stringify({ draft, reason });
  const [saved, setSaved] = useState(typed);
  useUnsavedChanges(typed !== saved || typing !== undefined);

  const capped = decision.uses_money_distribution_cap;
  const approving = draft.status === approved;
  const amount = typing !== undefined ? typing : draft.approved_money;
  const left = decision.cap ? decision.cap.remaining - (approving ? (amount ?? 0) : 0) : null;
  const money = (name: 'approved_money' | 'approved_fou' | 'approved_nok') => (
    <AmountInput
      label={translate(`app.decision.${name}`)}
      value={draft[name] ?? null}
      onChange={(ore) => setDraft((d) => ({ ...d, [name]: ore }))}
      onTyping={name === 'approved_money' ? setTyping : undefined}
      onBlur={name === 'approved_money' ? () => setTyping(undefined) : undefined}
      required={name === 'approved_money'}
      problem={errors[name]}
      inputProps={{ 'data-live': name, autoFocus: name === 'approved_money' && approveAsked }}
    />
  );

  const save = async () => {
    setErrors({});
    setMessage(null);
    if (draft.status === undefined) {
      setErrors({ status: translate('app.decision.choose') });
      return;
    }
    const body: DecisionInput = { status: draft.status, approved_money: approving ? (draft.approved_money ?? null) : null };
    if (!capped)
      Object.assign(body, {
        approved_fou: approving ? draft.approved_fou : null,
        approved_nok: approving ? draft.approved_nok : null,
        global_goals: draft.global_goals,
      });
    if (decision.told) body.reason = reason;
    try {
      const answer = await decide.mutateAsync(body);
      setSaved(typed);
      notify(answer.pending_change ? 'app.decision.change_asked' : 'app.decision.saved', { type: 'success' });
    } catch (failure) {
      setMessage((failure as Error).message);
      setErrors(errorBody(failure as HttpError)?.errors ?? {});
    }
  };

  return (
    <ProposalSection id="decision" title="app.decision.title" save="app.decision.save" onSave={() => void save()}>
      {approveAsked && <Alert severity="info">{translate('app.decision.approve_here')}</Alert>}
      {decision.told && <Alert severity="info">{translate('app.decision.told')}</Alert>}
      <FormControl error={!!errors.status}>
        <RadioGroup
          row
          value={draft.status === undefined ? '' : String(draft.status)}
          onChange={(event) => (
            setDraft((d) => ({ ...d, status: Number(event.target.value) })),
            setErrors(({ status: _, ...rest }) => rest)
          )}
          aria-label={translate('app.decision.title')}
          aria-describedby={errors.status ? 'decision-status-error' : undefined}
        >
          <FormControlLabel value={String(approved)} control={<Radio />} label={translate('enums.application_status.approved')} />
          <FormControlLabel value={String(rejected)} control={<Radio />} label={translate('enums.application_status.rejected')} />
        </RadioGroup>
        {errors.status && <FormHelperText id="decision-status-error">{errors.status}</FormHelperText>}
      </FormControl>
      {approving && money('approved_money')}
      {approving && decision.cap && (
        <Alert severity={left! < 0 ? 'error' : 'info'} role="status" aria-live="polite">
          {translate('app.decision.cap', {
            available: formatMoney(decision.cap.available_money, locale),
            elsewhere: formatMoney(decision.cap.approved_elsewhere, locale),
            left: formatMoney(left, locale),
          })}
        </Alert>
      )}
      {approving && !capped && (
        <>
          {money('approved_fou')}
          {money('approved_nok')}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{translate('resources.applications.fields.global_goals')}</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {Object.entries(enums.global_goal).map(([key, code]) => (
                <FormControlLabel
                  key={key}
                  control={
                    <Checkbox
                      checked={draft.global_goals?.includes(code) ?? false}
                      onChange={(event) =>
                        setDraft((d) => ({
                          ...d,
                          global_goals: event.target.checked
                            ? [...(d.global_goals ?? []), code]
                            : (d.global_goals ?? []).filter((g) => g !== code),
                        }))
                      }
                    />
                  }
                  label={translate(`enums.global_goal.${key}`)}
                />
              ))}
            </FormGroup>
          </Box>
        </>
      )}
      {decision.told && (
        <ReasonField
          label={translate('app.decision.reason')}
          value={reason}
          onChange={(value) => (setReason(value), setErrors(({ reason: _, ...rest }) => rest))}
          problem={errors.reason}
        />
      )}
      {message && <Alert severity="error">{message}</Alert>}
    </ProposalSection>
  );
}
