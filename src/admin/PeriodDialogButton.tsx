import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, usePermissions } from 'react-admin';
import { hasAbility, type Ability } from '../../resources/abilities';

export interface ButtonPeriod {
  id: number;
  uuid: string;
  name: string;
}

/**
 * A button of a period's page that opens a dialog about the period (its decision mails, its follow-up requests), shown
 * to those who manage the period's applications.
 */
export function PeriodDialogButton({
  period,
  label,
  icon,
  dialog,
}: {
  period: ButtonPeriod | null | undefined;
  label: string;
  icon: ReactElement;
  dialog: (period: ButtonPeriod, close: () => void) => ReactNode;
}) {
  const { permissions } = usePermissions<Ability[]>();
  const [open, setOpen] = useState(false);
  if (!period?.uuid || !hasAbility(permissions ?? [], 'manage-applications', { id: period.id, type: 'periods' })) return null;
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      {open && dialog(period, () => setOpen(false))}
    </>
  );
}
