import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney } from '../../../resources/format';
import type { StatisticsGroup } from './groups';
import { visuallyHidden } from '../../components/visuallyHidden';

/** The numbers of one table as text: the chart beside it is hidden from screen readers, this is what they read. */
export function FiguresTable({ caption, groupHeader, groups }: { caption: string; groupHeader: string; groups: StatisticsGroup[] }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const column = (key: string) => translate(`app.statistics.columns.${key}`);
  return (
    <Table size="small">
      <caption style={visuallyHidden}>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {groupHeader}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {column('applications')}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {column('applied')}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {column('approved')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.map((group) => (
          <TableRow key={group.key}>
            <TableCell component="th" scope="row">
              {group.label}
            </TableCell>
            <TableCell align="right">{group.applications}</TableCell>
            <TableCell align="right">{formatMoney(group.applied, locale)}</TableCell>
            <TableCell align="right">{formatMoney(group.approved, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
