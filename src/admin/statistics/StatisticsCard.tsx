import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { StatisticsTable } from '../../../resources/statistics';
import { ExportStatisticsButton } from './ExportStatisticsButton';
import { FiguresChart } from './FiguresChart';
import { FiguresTable } from './FiguresTable';
import type { StatisticsGroup } from './groups';

/** A chart and its table; a card holds one, or (categories) one per category type under its own heading. */
export interface StatisticsSection {
  key: string;
  /** The sub-heading, when the card holds several sections. */
  title?: string;
  groupHeader: string;
  groups: StatisticsGroup[];
  upright?: boolean;
  emptyText: string;
}

interface Props {
  title: string;
  /** The period's name or "All periods", for the tables' captions. */
  scope: string;
  table: StatisticsTable;
  period: number | null;
  sections: StatisticsSection[];
}

/** One table of the statistics: heading, its CSV export, then chart and numbers for each section. */
export function StatisticsCard({ title, scope, table, period, sections }: Props) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          <ExportStatisticsButton table={table} period={period} describedBy={headingId} />
        </Stack>
        {sections.map((section) => (
          <Box key={section.key} sx={{ mt: section.title ? 2 : 0 }}>
            {section.title && (
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {section.title}
              </Typography>
            )}
            {section.groups.length === 0 ? (
              <Typography color="text.secondary">{section.emptyText}</Typography>
            ) : (
              <>
                <FiguresChart groups={section.groups} seriesName={translate('app.statistics.chart_series')} upright={section.upright} />
                <FiguresTable caption={`${section.title ?? title} – ${scope}`} groupHeader={section.groupHeader} groups={section.groups} />
              </>
            )}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
