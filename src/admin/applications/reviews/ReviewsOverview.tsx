import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Fact } from './Fact';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney, formatScore } from '../../../../resources/format';
import type { ReviewsView } from '../../../providers/staffMethods';
import { proposalKey } from '../InvestigatorsSection';

type Review = NonNullable<ReviewsView['reviews']>[number];

/**
 * The reviews of an application: the summary (weighted average, spread, how many are in, who stood aside) and a table
 * of each reviewer's scores per criterion, weighted score, proposal and comment. Those who stood aside are named in the
 * summary alone; a review not yet sent in shows its place without scores.
 */
export function ReviewsOverview({
  criteria,
  reviews,
  summary,
}: {
  criteria: ReviewsView['criteria'];
  reviews: Review[];
  summary: NonNullable<ReviewsView['summary']>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const shown = reviews.filter((review) => review.conflict_of_interest !== true);
  const total = summary.reviews_in + summary.reviews_pending;
  const proposal = (review: Review) =>
    review.reviewed_at
      ? [
          translate(`enums.investigation_status.${proposalKey(review.status)}`),
          review.amount !== null ? formatMoney(review.amount, locale) : '',
        ]
          .filter(Boolean)
          .join(', ')
      : translate(review.conflict_of_interest === null ? 'app.reviews.state.undeclared' : 'app.reviews.state.pending');

  return (
    <Box component="section" aria-labelledby="reviews-heading">
      <Typography variant="h6" component="h3" id="reviews-heading" gutterBottom>
        {translate('app.reviews.overview')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: 1, m: 0, mb: 2 }}>
        <Fact label={translate('app.reviews.summary.score')} value={formatScore(summary.score, locale)} />
        <Fact label={translate('app.reviews.summary.spread')} value={formatScore(summary.spread, locale)} />
        <Fact
          label={translate('app.reviews.summary.reviews')}
          value={total ? translate('app.reviews.count', { in: summary.reviews_in, total }) : ''}
        />
        <Fact label={translate('app.reviews.summary.stood_aside')} value={summary.stood_aside.map((person) => person.name).join(', ')} />
      </Box>
      {shown.length === 0 ? (
        <Alert severity="info">{translate('app.reviews.none')}</Alert>
      ) : (
        // On a phone the table scrolls sideways: focusable, so the keyboard scrolls it too (WCAG 2.1.1).
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby="reviews-heading">
          <Table size="small" aria-labelledby="reviews-heading">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('app.reviews.columns.reviewer')}
                </TableCell>
                {criteria.map((criterion) => (
                  <TableCell key={criterion.id} component="th" scope="col" align="right">
                    {criterion.label}
                  </TableCell>
                ))}
                <TableCell component="th" scope="col" align="right">
                  {translate('app.reviews.columns.weighted')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {translate('app.investigation.proposal')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {translate('app.reviews.comment')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((review) => (
                <TableRow key={review.user_id}>
                  <TableCell component="th" scope="row">
                    {review.name}
                  </TableCell>
                  {criteria.map((criterion) => (
                    <TableCell key={criterion.id} align="right">
                      {review.scores[criterion.id] ?? '–'}
                    </TableCell>
                  ))}
                  <TableCell align="right">{formatScore(review.weighted_score, locale) || '–'}</TableCell>
                  <TableCell>{proposal(review)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 160 }}>{review.comment || '–'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
