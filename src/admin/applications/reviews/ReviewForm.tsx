import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  List,
  ListItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { formatDateTime } from '../../../../resources/format';
import { errorBody } from '../../../providers/dataProvider';
import type { ReviewScores, ReviewsView } from '../../../providers/staffMethods';
import { useUnsavedChanges } from '../../unsaved/unsavedChanges';
import { useApplicationMutation } from '../../useStaffQuery';
import { ProposalChoice, ProposalSection, type ProposalValue } from '../ProposalSection';

type Criterion = ReviewsView['criteria'][number];
type Mine = NonNullable<ReviewsView['mine']>;

const groupId = (criterion: Criterion) => `review-criterion-${criterion.id}`;

/** Moves to a criterion's scores: its chosen score, or else its first. */
function focusCriterion(criterion: Criterion) {
  const group = document.getElementById(groupId(criterion));
  group?.scrollIntoView?.({ block: 'center' });
  (group?.querySelector<HTMLInputElement>('input:checked') ?? group?.querySelector<HTMLInputElement>('input'))?.focus();
}

/**
 * The reviewer's own review: a score from 1 to the criterion's scale for each criterion (a row of radio buttons named by
 * the criterion), the proposal as an investigation gives it, and a comment. Sending it in without every score lists
 * those missing, each leading to its criterion; what was typed stays through any failure.
 */
export function ReviewForm({ uuid, criteria, mine }: { uuid: string; criteria: Criterion[]; mine: Mine }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  // Starts from the review as first loaded; later reads (after sending it) leave what is on the screen alone.
  const [scores, setScores] = useState<ReviewScores>(() => ({ ...mine.scores }));
  const [proposal, setProposal] = useState<ProposalValue>({ status: mine.status, amount: mine.amount });
  const [comment, setComment] = useState(mine.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typed = JSON.stringify({ scores, proposal, comment });
  const [saved, setSaved] = useState(typed);
  useUnsavedChanges(typed !== saved);
  const [missing, setMissing] = useState<number[]>([]);
  const missingRef = useRef<HTMLDivElement>(null);
  const send = useApplicationMutation(uuid, (dataProvider, review: Parameters<typeof dataProvider.putMyReview>[1]) =>
    dataProvider.putMyReview(uuid, review),
  );

  const submit = async () => {
    const unscored = criteria.filter((criterion) => !scores[criterion.id]);
    setMissing(unscored.map((criterion) => criterion.id));
    if (unscored.length) {
      // The list is announced and takes the focus, so a keyboard user goes on from it to each criterion.
      setTimeout(() => missingRef.current?.focus());
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({
        conflict_of_interest: false,
        scores: Object.fromEntries(criteria.map((criterion) => [String(criterion.id), scores[criterion.id]])),
        comment: comment.trim() ? comment : null,
        amount: proposal.amount,
        status: proposal.status,
      });
      setSaved(typed);
      notify('app.reviews.sent', { type: 'success' });
    } catch (failure) {
      setErrors(errorBody(failure as HttpError)?.errors ?? {});
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <ProposalSection id="review" title="app.reviews.my_review" save="app.reviews.send" onSave={() => void submit()}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.reviews.apart')}
      </Typography>
      {mine.reviewed_at && (
        <Alert severity="success">{translate('app.reviews.sent_at', { time: formatDateTime(mine.reviewed_at, locale) })}</Alert>
      )}
      {criteria.map((criterion) => {
        const labelId = `${groupId(criterion)}-label`;
        const guidanceId = `${groupId(criterion)}-guidance`;
        const problem =
          errors[`scores.${criterion.id}`] ?? (missing.includes(criterion.id) ? translate('app.reviews.score_missing') : undefined);
        return (
          <FormControl key={criterion.id} component="fieldset" id={groupId(criterion)} error={!!problem}>
            <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
              {criterion.label}
            </FormLabel>
            <Typography variant="body2" color="text.secondary" id={guidanceId} sx={{ whiteSpace: 'pre-wrap' }}>
              {[criterion.guidance, translate('app.reviews.scale', { max: criterion.scale_max, weight: criterion.weight })]
                .filter(Boolean)
                .join('\n')}
            </Typography>
            <RadioGroup
              row
              aria-labelledby={labelId}
              aria-describedby={guidanceId}
              value={scores[criterion.id] ? String(scores[criterion.id]) : ''}
              onChange={(event) => {
                const score = Number(event.target.value);
                setScores((current) => ({ ...current, [criterion.id]: score }));
                setMissing((current) => current.filter((id) => id !== criterion.id));
              }}
            >
              {Array.from({ length: criterion.scale_max }, (_, i) => String(i + 1)).map((score) => (
                <FormControlLabel key={score} value={score} control={<Radio />} label={score} />
              ))}
            </RadioGroup>
            {problem && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
        );
      })}
      <ProposalChoice value={proposal} onChange={setProposal} problem={errors.amount} />
      <TextField
        label={translate('app.reviews.comment')}
        multiline
        minRows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={!!errors.comment}
        helperText={errors.comment ?? ' '}
      />
      {missing.length > 0 && (
        <Alert severity="error" ref={missingRef} tabIndex={-1} role="alert">
          {translate('app.reviews.missing', { smart_count: missing.length })}
          <List dense disablePadding>
            {criteria
              .filter((criterion) => missing.includes(criterion.id))
              .map((criterion) => (
                <ListItem key={criterion.id} disableGutters>
                  <Link component="button" type="button" onClick={() => focusCriterion(criterion)}>
                    {criterion.label}
                  </Link>
                </ListItem>
              ))}
          </List>
        </Alert>
      )}
    </ProposalSection>
  );
}
