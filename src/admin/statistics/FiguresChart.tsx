import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatisticsGroup } from './groups';

/**
 * Number of applications per group as bars: across for long labels (categories, statuses), upright for months.
 * Hidden from assistive technology, since the table beside it holds the same numbers as text.
 */
export function FiguresChart({
  groups,
  seriesName,
  upright = false,
}: {
  groups: StatisticsGroup[];
  seriesName: string;
  upright?: boolean;
}) {
  const theme = useTheme();
  const height = upright ? 260 : Math.max(140, 36 * groups.length + 40);
  return (
    <div aria-hidden="true" data-testid="statistics-chart" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={groups}
          layout={upright ? 'horizontal' : 'vertical'}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          {upright ? (
            <>
              <XAxis dataKey="label" type="category" />
              <YAxis type="number" allowDecimals={false} width={40} />
            </>
          ) : (
            <>
              <XAxis type="number" allowDecimals={false} />
              <YAxis dataKey="label" type="category" width={170} />
            </>
          )}
          <Tooltip />
          <Bar dataKey="applications" name={seriesName} fill={theme.palette.primary.main} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
