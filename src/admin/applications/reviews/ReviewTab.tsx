import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Fact } from './Fact';
import { useState } from 'react';
import { Confirm, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import type { ReviewsView } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';
import { ReviewersSection } from './ReviewersSection';
import { ReviewForm } from './ReviewForm';
import { ReviewsOverview } from './ReviewsOverview';

/**
 * The dialog's "Review" tab. A reviewer first declares whether they have a conflict of interest with the applicant,
 * seeing only who applied; one who stands aside sees nothing more. One without a conflict scores each criterion, with
 * a comment and a proposal, and once they have sent it in reads the others' reviews and the summary. Those who manage
 * the application's applications read every review and assign reviewers.
 */
export function ReviewTab({ uuid, view, manages }: { uuid: string; view: ReviewsView; manages: boolean }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { mine } = view;
  if (mine?.conflict_of_interest === true) {
    return (
      <Alert severity="info" role="status">
        {translate('app.reviews.stood_aside')}
      </Alert>
    );
  }
  if (mine && mine.conflict_of_interest === null) return <Declaration uuid={uuid} view={view} />;
  return (
    <Stack spacing={3}>
      {mine && <ReviewForm uuid={uuid} criteria={view.criteria} mine={mine} />}
      {view.reviews && view.summary ? (
        <ReviewsOverview
          criteria={view.criteria}
          reviews={view.reviews.filter((review) => !mine || review.user_id !== identity?.id)}
          summary={view.summary}
        />
      ) : (
        mine && <Alert severity="info">{translate('app.reviews.others_after_yours')}</Alert>
      )}
      {manages && <ReviewersSection uuid={uuid} reviewers={view.reviews ?? []} />}
    </Stack>
  );
}

/**
 * Whether the reviewer has a conflict of interest, asked before anything of the application is shown: who applied, what
 * a conflict is, and the two answers; standing aside is asked again, since it cannot be undone.
 */
function Declaration({ uuid, view }: { uuid: string; view: ReviewsView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const declare = useApplicationMutation(uuid, (dataProvider, conflict: boolean) =>
    dataProvider.putMyReview(uuid, { conflict_of_interest: conflict }),
  );
  const answer = async (conflict: boolean) => {
    setConfirming(false);
    try {
      await declare.mutateAsync(conflict);
      notify(conflict ? 'app.reviews.declaration.stood_aside' : 'app.reviews.declaration.declared', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  const { applicant } = view;
  return (
    <Box component="section" aria-labelledby="declaration-heading">
      <Typography variant="h6" component="h3" id="declaration-heading" gutterBottom>
        {translate('app.reviews.declaration.title')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: 1, m: 0, mb: 2 }}>
        <Fact label={translate('app.applications.fields.reference')} value={applicant.reference} />
        <Fact label={translate('app.applications.fields.applicant')} value={applicant.name} />
        <Fact label={translate('app.reviews.declaration.organisation')} value={applicant.organisation} />
      </Box>
      <Typography sx={{ mb: 1 }}>{translate('app.reviews.declaration.explanation')}</Typography>
      <Typography variant="subtitle1" component="p" id="declaration-question" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('app.reviews.declaration.question')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} role="group" aria-labelledby="declaration-question">
        <Button variant="contained" disabled={declare.isPending} onClick={() => void answer(false)}>
          {translate('app.reviews.declaration.no')}
        </Button>
        {/* The theme's error colour: MUI's orange warning has too little contrast on white for text (WCAG AA). */}
        <Button variant="outlined" color="error" disabled={declare.isPending} onClick={() => setConfirming(true)}>
          {translate('app.reviews.declaration.yes')}
        </Button>
      </Stack>
      <Confirm
        isOpen={confirming}
        loading={declare.isPending}
        title="app.reviews.declaration.confirm_title"
        content="app.reviews.declaration.confirm"
        translateOptions={{ reference: applicant.reference ?? '' }}
        confirm="app.reviews.declaration.confirm_button"
        onConfirm={() => void answer(true)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
