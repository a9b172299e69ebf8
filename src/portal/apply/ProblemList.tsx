import { Alert, AlertTitle, Link, List, ListItem } from '@mui/material';
import { forwardRef } from 'react';
import { useI18n } from '../i18n';
import { inputId } from './fieldIds';
import type { FieldProblem } from './validation';

interface Props {
  problems: FieldProblem[];
  stepNames: string[];
  /** Opens the step and moves the focus to the field. */
  onOpen: (problem: FieldProblem) => void;
}

/** What must be fixed before the application can be sent in, each a link to its field. */
export const ProblemList = forwardRef<HTMLDivElement, Props>(function ProblemList({ problems, stepNames, onOpen }, ref) {
  const { t } = useI18n();
  return (
    <Alert severity="warning" ref={ref} tabIndex={-1} sx={{ '&:focus': { outline: '3px solid', outlineColor: 'warning.main' } }}>
      <AlertTitle component="h2">{t('portal.apply.problems', { smart_count: problems.length })}</AlertTitle>
      <List dense disablePadding>
        {problems.map((problem) => (
          <ListItem key={problem.field} disableGutters sx={{ display: 'list-item', listStyle: 'disc', ml: 2 }}>
            <Link
              href={`#${inputId(problem.field)}`}
              onClick={(event) => {
                event.preventDefault();
                onOpen(problem);
              }}
            >
              {t('portal.apply.problem', { step: problem.step, name: stepNames[problem.step - 1], message: problem.message })}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
});
