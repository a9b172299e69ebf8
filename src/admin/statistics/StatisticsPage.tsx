import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { categoryTypeKeys } from '../../../resources/statistics';
import type { Statistics } from '../../providers/staffMethods';
import { usePageTitle } from '../../components/usePageTitle';
import { LoadFailed } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { byEnum, monthLabel } from './groups';
import { PayoutFigures } from './PayoutFigures';
import { EligibilityStops } from '../eligibility/EligibilityStops';
import { PeriodSelect, useAllPeriodsLabel } from './PeriodSelect';
import { StatisticsCard, type StatisticsSection } from './StatisticsCard';
import { TotalFigures } from './TotalFigures';

/**
 * Statistics of the applications sent in: totals, then a card per table with a chart, the numbers and
 * a CSV export. The period is kept in the address (?period=), so a view can be shared and survives a reload.
 */
export default function StatisticsPage() {
  const translate = useTranslate();
  const [searchParams, setSearchParams] = useSearchParams();
  const period = Number(searchParams.get('period')) || null;
  // The figures shown stay until those of another period or language arrive.
  const { data, error, isFetching, refetch } = useStaffQuery(['statistics'], 'getStatistics', [period], {
    placeholderData: keepPreviousData,
  });
  const title = translate('app.statistics.title');
  usePageTitle(title);

  const choose = (next: number | null) => setSearchParams(next ? { period: String(next) } : {});

  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 2 }}>{translate('app.statistics.intro')}</Typography>
      <Stack spacing={2} sx={{ mb: 3 }} alignItems="flex-start">
        <PeriodSelect value={period} onChange={choose} />
      </Stack>
      {isFetching && !data ? (
        <Stack spacing={2} aria-busy="true" aria-label={translate('app.loading')}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      ) : error ? (
        <LoadFailed error={error} retry={refetch} intro={translate('app.statistics.error')} />
      ) : data ? (
        <StatisticsContent data={data} period={period} />
      ) : null}
      <EligibilityStops period={period} />
    </Box>
  );
}

function StatisticsContent({ data, period }: { data: Statistics; period: number | null }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const allPeriods = useAllPeriodsLabel();
  if (data.totals.applications === 0) {
    return <Alert severity="info">{translate(period ? 'app.statistics.empty_period' : 'app.statistics.empty')}</Alert>;
  }
  const scope = data.period?.name ?? allPeriods;
  const column = (key: string) => translate(`app.statistics.columns.${key}`);
  const notGiven = translate('app.statistics.not_given');
  const single = (key: string, section: Omit<StatisticsSection, 'key' | 'emptyText'>): StatisticsSection[] => [
    { key, emptyText: '', ...section },
  ];
  const cards = [
    {
      table: 'status' as const,
      sections: single('status', {
        groupHeader: column('status'),
        groups: byEnum(data.by_status, (r) => r.status, 'application_status', translate, notGiven),
      }),
    },
    {
      table: 'applicant_type' as const,
      sections: single('applicant_type', {
        groupHeader: column('applicant_type'),
        groups: byEnum(data.by_applicant_type, (r) => r.applicant_type, 'applicant_type', translate, notGiven),
      }),
    },
    {
      table: 'month' as const,
      sections: single('month', {
        groupHeader: column('month'),
        upright: true,
        groups: data.by_month.map(({ month, ...figures }) => ({
          key: month ?? '',
          label: monthLabel(month, locale, translate('app.statistics.no_date')),
          ...figures,
        })),
      }),
    },
    {
      table: 'category_type' as const,
      sections: categoryTypeKeys.map((type) => ({
        key: type,
        title: translate(`app.statistics.tables.${type}`),
        groupHeader: column('category'),
        emptyText: translate('app.statistics.no_categories'),
        groups: data.by_category_type[type].map(({ category_id, label, ...figures }) => ({ key: String(category_id), label, ...figures })),
      })),
    },
  ];
  return (
    <Stack spacing={3}>
      <TotalFigures totals={data.totals} />
      <PayoutFigures payouts={data.payouts} scope={scope} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        {cards.map((card) => (
          <StatisticsCard
            key={card.table}
            title={translate(`app.statistics.tables.${card.table}`)}
            scope={scope}
            table={card.table}
            period={period}
            sections={card.sections}
          />
        ))}
      </Box>
    </Stack>
  );
}
