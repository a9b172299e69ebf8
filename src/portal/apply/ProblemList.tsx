import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { forwardRef, type ReactNode } from 'react';
import { useI18n } from '../../components/i18n';
import { inputId } from '../../forms/application/fieldIds';
import type { FieldProblem } from '../../forms/application/validation';

interface Props {
  problems: FieldProblem[];
  title: string;
  /** Given for the whole application's list: each item then names its step. */
  stepNames?: string[];
  /** Opens the step and moves the focus to the field. */
  onOpen: (problem: FieldProblem) => void;
  /** Below the list, e.g. a way on. */
  children?: ReactNode;
}

/** What must be fixed, each a link to its field; wraps to any width, a phone's included. */
export const ProblemList = forwardRef<HTMLDivElement, Props>(function ProblemList({ problems, title, stepNames, onOpen, children }, ref) {
  const { t } = useI18n();
  return (
    <Alert
      severity="warning"
      ref={ref}
      tabIndex={-1}
      sx={{
        '&:focus': { outline: '3px solid', outlineColor: 'warning.main' },
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
        '& .MuiAlert-message': { minWidth: 0, overflow: 'visible' },
      }}
    >
      <AlertTitle component="h2">{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <Box component="li" key={problem.field} sx={{ py: 0.5 }}>
            <Link
              href={`#${inputId(problem.field)}`}
              sx={{ overflowWrap: 'anywhere' }}
              onClick={(event) => {
                event.preventDefault();
                onOpen(problem);
              }}
            >
              {stepNames
                ? t('portal.apply.problem', { step: problem.step, name: stepNames[problem.step - 1], message: problem.message })
                : problem.message}
            </Link>
          </Box>
        ))}
      </Box>
      {children}
    </Alert>
  );
});
