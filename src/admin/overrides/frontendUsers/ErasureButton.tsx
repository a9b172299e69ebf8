import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useState } from 'react';
import { Button, useCanAccess, useRecordContext } from 'react-admin';
import { ErasureDialog, type ErasureApplicant } from './ErasureDialog';

/**
 * On an applicant's page: "Carry out erasure request…", for a request received some other way (a letter, a call),
 * shown to those who may manage this applicant.
 */
export function ErasureButton() {
  const record = useRecordContext<ErasureApplicant>();
  const { canAccess } = useCanAccess({ action: 'erase', resource: 'frontend-users', record });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  return (
    <>
      <Button label="app.erasure.open" onClick={() => setOpen(true)}>
        <PersonRemoveIcon />
      </Button>
      {open && <ErasureDialog applicant={record} onClose={() => setOpen(false)} />}
    </>
  );
}
