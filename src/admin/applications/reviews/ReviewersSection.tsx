import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate, type HttpError } from 'react-admin';
import { errorBody } from '../../../providers/dataProvider';
import type { Reviewer } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';
import { ReviewerPicker } from './ReviewerPicker';

/** Several reviewers assigned to the application at once, by those who manage it; the ones already on it are not offered. */
export function ReviewersSection({ uuid, reviewers }: { uuid: string; reviewers: Pick<Reviewer, 'user_id'>[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string>();
  const add = useApplicationMutation(uuid, (dataProvider, ids: number[]) => dataProvider.addReviewers(uuid, ids));

  const assign = async () => {
    setProblem(undefined);
    try {
      await add.mutateAsync(chosen);
      notify('app.reviews.reviewers.added', { type: 'success', messageArgs: { smart_count: chosen.length } });
      setChosen([]);
    } catch (failure) {
      setProblem(errorBody(failure as HttpError)?.errors?.user_ids);
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <Box component="section" aria-labelledby="reviewers-heading">
      <Typography variant="h6" component="h3" id="reviewers-heading" gutterBottom>
        {translate('app.reviews.reviewers.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <ReviewerPicker value={chosen} onChange={setChosen} excluded={reviewers.map((r) => r.user_id)} problem={problem} />
        <Button variant="outlined" onClick={() => void assign()} disabled={!chosen.length || add.isPending}>
          {translate('app.reviews.reviewers.add')}
        </Button>
      </Box>
    </Box>
  );
}
