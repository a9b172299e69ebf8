import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { http } from '../../providers';
import { PeriodContactsButton } from './PeriodContactsButton';

/** Open or close the period, each after a confirmation question (SPEC.md §4); and its contacts. */
export function PeriodActions() {
  const record = useRecordContext<{ id: number; name: string; closed: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const action = record.closed ? 'open' : 'close';

  const confirm = async () => {
    setBusy(true);
    try {
      await http.post(`/periods/${record.id}/${action}`);
      notify(`app.periods.${action}_done`, { type: 'success', messageArgs: { name: record.name } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <PeriodContactsButton />
      <Button label={`app.periods.${action}`} onClick={() => setAsking(true)}>
        {record.closed ? <LockOpenIcon /> : <LockIcon />}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={translate(`app.periods.${action}_title`, { name: record.name })}
        content={translate(`app.periods.${action}_question`, { name: record.name })}
        confirm={`app.periods.${action}`}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
