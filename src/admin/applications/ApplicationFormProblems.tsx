import { Alert, AlertTitle, Link, List, ListItem } from '@mui/material';
import { forwardRef } from 'react';
import { useTranslate } from 'react-admin';
import { inputId } from '../../forms/application/fieldIds';

export interface Problem {
  field: string;
  label: string;
  message: string;
}

/** The server's problems with the form, each a link that moves the focus to its field. */
export const ApplicationFormProblems = forwardRef<HTMLDivElement, { problems: Problem[] }>(function ApplicationFormProblems(
  { problems },
  ref,
) {
  const translate = useTranslate();
  const open = (field: string) => {
    const target = document.getElementById(inputId(field));
    target?.scrollIntoView({ block: 'center' });
    ((target?.querySelector('input, textarea, select') as HTMLElement | null) ?? target)?.focus();
  };
  return (
    <Alert severity="error" ref={ref} tabIndex={-1}>
      <AlertTitle component="h2">{translate('app.application_form.problems', { smart_count: problems.length })}</AlertTitle>
      <List dense disablePadding>
        {problems.map((problem) => (
          <ListItem key={problem.field} disableGutters sx={{ display: 'list-item', listStyle: 'disc', ml: 2 }}>
            <Link href={`#${inputId(problem.field)}`} onClick={(event) => (event.preventDefault(), open(problem.field))}>
              {problem.label}: {problem.message}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
});
