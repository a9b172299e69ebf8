import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Autocomplete,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Button, useGetList, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';

interface Contact {
  id: number;
  first_name: string;
  last_name: string;
  title: string | null;
}

const fullName = (c: Contact) => `${c.first_name} ${c.last_name}`;

/** The period's contacts modal: pick contacts and put them in the order applicants will see them. */
export function PeriodContactsButton() {
  const record = useRecordContext<{ id: number; contact_ids: number[] }>();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const { data: all = [] } = useGetList<Contact>(
    'contacts',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'last_name', order: 'ASC' } },
    { enabled: open, onError: (error) => notify(error.message, { type: 'error' }) },
  );
  const [update, { isPending: busy }] = useUpdate();

  // The choice starts from the record's contacts each time the modal opens, and again if the record changes while
  // it is open: adjusted during render when either changes (https://react.dev/learn/you-might-not-need-an-effect).
  const [shown, setShown] = useState({ open, record });
  if (shown.open !== open || shown.record !== record) {
    setShown({ open, record });
    if (open && record) setChosen(record.contact_ids ?? []);
  }
  if (!record) return null;

  const byId = new Map(all.map((c) => [c.id, c]));
  const move = (index: number, step: -1 | 1) => {
    const next = [...chosen];
    [next[index], next[index + step]] = [next[index + step], next[index]];
    setChosen(next);
  };
  const save = async () => {
    try {
      await update('periods', { id: record.id, data: { contact_ids: chosen }, previousData: record }, { returnPromise: true });
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      setOpen(false);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      <Button label="app.periods.contacts" onClick={() => setOpen(true)}>
        <ContactPhoneIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="period-contacts-title">
        <DialogTitle id="period-contacts-title">{translate('app.periods.contacts')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>{translate('app.periods.contacts_intro')}</Typography>
          {chosen.length === 0 ? (
            <Typography color="text.secondary" sx={{ my: 2 }}>
              {translate('app.periods.no_contacts')}
            </Typography>
          ) : (
            <List dense aria-label={translate('app.periods.contacts')}>
              {chosen.map((id, index) => {
                const contact = byId.get(id);
                const name = contact ? fullName(contact) : `#${id}`;
                return (
                  <ListItem
                    key={id}
                    disableGutters
                    secondaryAction={
                      <>
                        <IconButton
                          aria-label={translate('app.periods.move_up', { name })}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <ArrowUpwardIcon />
                        </IconButton>
                        <IconButton
                          aria-label={translate('app.periods.move_down', { name })}
                          disabled={index === chosen.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDownwardIcon />
                        </IconButton>
                        <IconButton
                          aria-label={translate('app.periods.remove_contact', { name })}
                          onClick={() => setChosen(chosen.filter((c) => c !== id))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </>
                    }
                  >
                    <ListItemText primary={`${index + 1}. ${name}`} secondary={contact?.title} />
                  </ListItem>
                );
              })}
            </List>
          )}
          <Autocomplete
            options={all.filter((c) => !chosen.includes(c.id))}
            getOptionLabel={fullName}
            value={null}
            onChange={(_event, contact) => contact && setChosen([...chosen, contact.id])}
            renderInput={(params) => <TextField {...params} label={translate('app.periods.add_contact')} />}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="ra.action.save" onClick={() => void save()} disabled={busy} variant="contained" />
        </DialogActions>
      </Dialog>
    </>
  );
}
