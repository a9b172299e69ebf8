import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AgendaItem, Meeting } from '../../providers/staffMethods';
import { WithheldMarker } from '../WithheldMarker';
import { useAgendaFormat } from './agendaFormat';

/** What the agenda's lines offer and do, the same in the table and in the phone's list. */
export interface AgendaControls {
  meeting: Meeting;
  /** May move lines and take them off. */
  manages: boolean;
  /** Declares conflicts of interest and reads the applications. */
  member: boolean;
  /** Takes a line's decision up again at a later meeting (a decided meeting's manager), or null. */
  change: ((item: AgendaItem) => void) | null;
  /** Staff who handle the period's applications open one from its reference. */
  opensApplications: boolean;
  /** A change of the agenda is on its way. */
  busy: boolean;
  /** A declaration of a conflict is on its way. */
  declaring: boolean;
  /** The application (uuid) whose conflict of interest the member is asked to confirm, if any. */
  asking: string | null;
  move: (index: number, by: -1 | 1) => void;
  takeOff: (uuid: string) => void;
  /** Asks the member to confirm their conflict of interest with the line's application, then declares it. */
  declare: (item: AgendaItem) => void;
  read: (item: AgendaItem) => void;
}

const useMeetingsTranslate = () => {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`app.meetings.${key}`, options);
};

/** The application's reference, a link to it in the applications list for those who handle the period's applications. */
function Reference({ item, controls }: { item: AgendaItem; controls: AgendaControls }) {
  const { uuid, reference } = item.application;
  if (!controls.opensApplications) return <>{reference ?? '–'}</>;
  return (
    <Link component={RouterLink} to={`/applications?show=${encodeURIComponent(uuid)}`}>
      {reference ?? '–'}
    </Link>
  );
}

/**
 * A line's actions, each named after the application: the manager's move up, move down and take off; the member's
 * conflict of interest and, unless they stood aside, the reading. A conflict once declared is final (the server holds
 * it for good): it reads as declared, with nothing to undo. On a phone the buttons have a finger's size.
 */
function AgendaActions({ item, index, controls, phone }: { item: AgendaItem; index: number; controls: AgendaControls; phone?: boolean }) {
  const t = useMeetingsTranslate();
  const { meeting, manages, member, busy } = controls;
  const { uuid } = item.application;
  const reference = item.application.reference ?? '–';
  const stoodAside = meeting.my_conflicts[uuid] === true;
  const size = phone ? 'medium' : 'small';
  return (
    <>
      {manages && (
        // On a phone the first icon's padding lines up with the text above, as the checkbox's label does by itself.
        <Box component="span" sx={{ whiteSpace: 'nowrap', ml: phone ? -1 : 0 }}>
          <IconButton
            size={size}
            aria-label={t('move_up', { reference })}
            disabled={busy || index === 0}
            onClick={() => controls.move(index, -1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size={size}
            aria-label={t('move_down', { reference })}
            disabled={busy || index === meeting.agenda.length - 1}
            onClick={() => controls.move(index, 1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton size={size} aria-label={t('take_off', { reference })} disabled={busy} onClick={() => controls.takeOff(uuid)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {controls.change && item.decided_status !== null && !item.changed_by && item.withheld !== 'stood_aside' && (
        <Button
          size={size}
          variant={phone ? 'outlined' : 'text'}
          onClick={() => controls.change!(item)}
          aria-label={t('change.open', { reference })}
        >
          {t('change.button')}
        </Button>
      )}
      {member && stoodAside && (
        <Typography variant="body2" component="span" sx={{ mr: 1 }}>
          {t('conflict_declared')}
        </Typography>
      )}
      {member && !stoodAside && (
        // On a screen the two stand one above the other, so the table's last column stays narrow (1366 px fits).
        <Box
          component="span"
          sx={{
            display: 'inline-flex',
            flexDirection: phone ? 'row' : 'column',
            flexWrap: 'wrap',
            alignItems: phone ? 'center' : 'flex-start',
          }}
        >
          <FormControlLabel
            sx={phone ? { mr: 0 } : undefined}
            control={
              <Checkbox
                size={size}
                // Ticked while its confirmation is asked; declared, the line reads as declared instead.
                checked={controls.asking === uuid}
                disabled={meeting.decided_at !== null || controls.declaring}
                onChange={(event) => {
                  if (event.target.checked) controls.declare(item);
                }}
                slotProps={{ input: { 'aria-label': t('conflict_of', { reference }) } }}
              />
            }
            label={t('conflict')}
          />
          <Button
            size={phone ? 'medium' : 'small'}
            variant={phone ? 'outlined' : 'text'}
            onClick={() => controls.read(item)}
            aria-label={t('read_of', { reference })}
          >
            {t('read')}
          </Button>
        </Box>
      )}
    </>
  );
}

/** What a changed decision changes and why, or that a later meeting changed this one. */
function ChangeNote({ item }: { item: AgendaItem }) {
  const note = useAgendaFormat().change(item);
  return note ? (
    <Typography variant="caption" component="div" color="text.secondary" sx={{ maxWidth: '40ch' }}>
      {note}
    </Typography>
  ) : null;
}

/** The members who entered their dissent against the line's decision. */
function DissentNote({ item }: { item: AgendaItem }) {
  const t = useMeetingsTranslate();
  return item.dissents.length ? (
    <Typography variant="caption" component="div" color="text.secondary">
      {t('dissent_by', { names: item.dissents.map((person) => person.name).join(', ') })}
    </Typography>
  ) : null;
}

const headers = ['reference', 'applicant', 'category', 'applied', 'proposed', 'score', 'proposal', 'conflicts'];
const figures = ['applied', 'proposed', 'score'];

/** The agenda on a screen: a line per application, its figures in columns and its actions at the end. */
export function AgendaTable({ controls }: { controls: AgendaControls }) {
  const t = useMeetingsTranslate();
  const format = useAgendaFormat();
  const { meeting, manages, member } = controls;
  const decided = meeting.decided_at !== null;
  const acts = manages || member || !!controls.change;
  return (
    // A grid track that may be narrower than the table: in a narrow window the table scrolls in its box, and the page
    // (which react-admin's layout widens to fit its content) stays as wide as the window.
    <TableContainer sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {/* Ten columns in a laptop's 1366 px beside the menu: the cells' side padding halved, so none is cut off. */}
      <Table size="small" aria-labelledby="meeting-agenda" sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {headers.map((name) => (
              <TableCell key={name} align={figures.includes(name) ? 'right' : 'left'}>
                {t(`agenda_fields.${name}`)}
              </TableCell>
            ))}
            {decided && <TableCell>{t('agenda_fields.decision')}</TableCell>}
            {acts && <TableCell>{t('agenda_fields.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {meeting.agenda.map((item, index) => {
            const { application } = item;
            return (
              <TableRow key={application.uuid}>
                <TableCell>
                  <Reference item={item} controls={controls} />
                </TableCell>
                <TableCell>
                  {format.applicant(item)}
                  <ChangeNote item={item} />
                </TableCell>
                <TableCell>{application.category ?? '–'}</TableCell>
                <TableCell align="right">{format.money(application.money)}</TableCell>
                <TableCell align="right">{format.money(application.proposed_amount)}</TableCell>
                <TableCell align="right">
                  {item.withheld ? (
                    <WithheldMarker withheld={item.withheld} />
                  ) : (
                    <>
                      {format.score(item)}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {format.reviews(item)}
                      </Typography>
                    </>
                  )}
                </TableCell>
                <TableCell>{format.proposal(item)}</TableCell>
                <TableCell>{item.conflicts.map((person) => person.name).join(', ') || '–'}</TableCell>
                {decided && (
                  <TableCell>
                    {format.decision(item)}
                    <DissentNote item={item} />
                  </TableCell>
                )}
                {acts && (
                  <TableCell>
                    {/* One above the other: the column no wider than its widest action. */}
                    <Stack alignItems="flex-start" sx={{ whiteSpace: 'nowrap' }}>
                      <AgendaActions item={item} index={index} controls={controls} />
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The agenda on a phone, where the table's actions would lie beyond the screen's edge: per application its reference
 * and applicant, its figures in a line or two, who stands aside, and its actions below.
 */
export function AgendaList({ controls }: { controls: AgendaControls }) {
  return (
    <List aria-labelledby="meeting-agenda" disablePadding>
      {controls.meeting.agenda.map((item, index) => (
        <AgendaListItem key={item.application.uuid} item={item} index={index} controls={controls} />
      ))}
    </List>
  );
}

function AgendaListItem({ item, index, controls }: { item: AgendaItem; index: number; controls: AgendaControls }) {
  const t = useMeetingsTranslate();
  const format = useAgendaFormat();
  const { application } = item;
  const labelled = (field: string, value: string) => `${t(`agenda_fields.${field}`)}: ${value}`;
  const lines: [string, ReactNode][] = [
    [
      'figures',
      [
        application.category,
        labelled('applied', format.money(application.money)),
        labelled('proposed', format.money(application.proposed_amount)),
      ]
        .filter(Boolean)
        .join(' · '),
    ],
    [
      'reviews',
      item.withheld === 'stood_aside' ? (
        // Nothing of the line is the reader's to read: the marker says why.
        <WithheldMarker withheld={item.withheld} />
      ) : item.withheld ? (
        // The reviews are the reader's once their own is in.
        <>
          {t('agenda_fields.score')}: <WithheldMarker withheld={item.withheld} />
        </>
      ) : (
        [
          [labelled('score', format.score(item)), format.reviews(item)].filter(Boolean).join(', '),
          labelled('proposal', format.proposal(item)),
        ].join(' · ')
      ),
    ],
    ['decision', controls.meeting.decided_at !== null ? labelled('decision', format.decision(item)) : null],
    ['conflicts', item.conflicts.length ? labelled('conflicts', item.conflicts.map((person) => person.name).join(', ')) : null],
    ['dissents', item.dissents.length ? t('dissent_by', { names: item.dissents.map((person) => person.name).join(', ') }) : null],
  ];
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1.5 }}>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        <Reference item={item} controls={controls} /> · {format.applicant(item)}
      </Typography>
      {lines
        .filter(([, line]) => !!line)
        .map(([key, line]) => (
          <Typography key={key} variant="body2" color="text.secondary">
            {line}
          </Typography>
        ))}
      <ChangeNote item={item} />
      {(controls.manages || controls.member || !!controls.change) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
          <AgendaActions item={item} index={index} controls={controls} phone />
        </Stack>
      )}
    </ListItem>
  );
}
