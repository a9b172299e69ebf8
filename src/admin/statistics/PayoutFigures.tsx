import { Box, Card, CardContent, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney } from '../../../resources/format';
import type { Statistics } from '../../providers/staffMethods';
import { visuallyHidden } from '../../components/visuallyHidden';

type Payouts = Statistics['payouts'];
type Figures = Payouts['totals'];
const columns = ['approved', 'paid', 'outstanding', 'lapsed', 'repaid'] as const;

interface Group extends Figures {
  key: string;
  label: string;
}

/**
 * What became of the money granted, per period and per year of the periods' start: a table on a screen, and on a phone each
 * row as a small card of named figures, so that no table scrolls sideways.
 */
export function PayoutFigures({ payouts, scope }: { payouts: Payouts; scope: string }) {
  const translate = useTranslate();
  const headingId = useId();
  const sections = [
    {
      key: 'period',
      groups: payouts.by_period.map(({ period_id, name, ...figures }) => ({ key: String(period_id), label: name, ...figures })),
    },
    {
      key: 'year',
      groups: payouts.by_year.map(({ year, ...figures }) => ({ key: String(year), label: String(year), ...figures })),
    },
  ];
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={headingId}>
          {translate('app.statistics.payouts.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.statistics.payouts.intro')}
        </Typography>
        {payouts.by_period.length === 0 ? (
          <Typography color="text.secondary">{translate('app.statistics.payouts.empty')}</Typography>
        ) : (
          sections.map((section) => (
            <Box key={section.key} sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {translate(`app.statistics.payouts.by_${section.key}`)}
              </Typography>
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <FiguresTable
                  caption={`${translate(`app.statistics.payouts.by_${section.key}`)} – ${scope}`}
                  groupHeader={translate(`app.statistics.payouts.columns.${section.key}`)}
                  groups={section.groups}
                  totals={payouts.totals}
                />
              </Box>
              <Stack spacing={1} sx={{ display: { xs: 'flex', md: 'none' }, mt: 1 }}>
                {section.groups.map((group) => (
                  <FiguresCard key={group.key} group={group} />
                ))}
              </Stack>
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

function FiguresTable({
  caption,
  groupHeader,
  groups,
  totals,
}: {
  caption: string;
  groupHeader: string;
  groups: Group[];
  totals: Figures;
}) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  return (
    <Table size="small">
      <caption style={visuallyHidden}>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {groupHeader}
          </TableCell>
          {columns.map((column) => (
            <TableCell key={column} component="th" scope="col" align="right">
              {translate(`app.statistics.payouts.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {[...groups, { key: 'total', label: translate('app.statistics.payouts.total'), ...totals }].map((group) => (
          <TableRow key={group.key} sx={group.key === 'total' ? { '& > *': { fontWeight: 600 } } : undefined}>
            <TableCell component="th" scope="row">
              {group.label}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column} align="right">
                {formatMoney(group[column], locale)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function FiguresCard({ group }: { group: Group }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography component="h4" sx={{ fontWeight: 600 }}>
        {group.label}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.5 }}>
        {columns.map((column) => (
          <Box key={column} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {translate(`app.statistics.payouts.columns.${column}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {formatMoney(group[column], locale)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
