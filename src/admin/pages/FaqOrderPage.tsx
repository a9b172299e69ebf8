import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { HttpError, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { FaqItem } from '../../providers/staffMethods';
import { getEvery } from '../getEvery';
import { visuallyHidden } from '../../components/visuallyHidden';

type Control = 'handle' | 'up' | 'down';

/** The list with the item at `from` moved to `to` (both 0-based); the same list when nothing moves. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const sameOrder = (a: FaqItem[], b: FaqItem[]) => a.length === b.length && a.every((item, i) => item.id === b[i].id);

/**
 * The FAQ reorder screen at faqs/order: drag a question by its handle, use the move
 * buttons, or give the handle focus and press Alt+Arrow up/down. Each move is announced; "Save order" stores the
 * positions 1..n with PUT /faqs/order.
 */
export function FaqOrderPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const title = translate('app.faq_order.title');
  usePageTitle(title);

  const [items, setItems] = useState<FaqItem[]>([]);
  const [saved, setSaved] = useState<FaqItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  /** The order when a drag began, to put back when the drag is cancelled (Escape, dropped outside). */
  const beforeDrag = useRef<FaqItem[] | null>(null);
  const dropped = useRef(false);
  const controls = useRef(new Map<string, HTMLElement>());
  /** The control to focus once a move has been rendered. */
  const pendingFocus = useRef<{ id: number; control: Control } | null>(null);
  // Drag events come faster than renders: they read and change the latest list, not the one of the last render.
  // Every change of the list goes through setOrder or load, which keep it.
  const latest = useRef(items);
  const setOrder = (next: FaqItem[]) => {
    latest.current = next;
    setItems(next);
  };

  /** Reads the questions; the caller shows the loading state first. */
  const load = useCallback(
    () =>
      getEvery<FaqItem>(dataProvider, 'faqs', { field: 'order', order: 'ASC' })
        .then((found) => {
          const all = found.map(({ id, question, order }) => ({ id, question, order }));
          latest.current = all;
          setItems(all);
          setSaved(all);
          setLoadError(null);
        })
        .catch((error: unknown) => setLoadError((error as Error).message || translate('app.faq_order.load_error')))
        .finally(() => setLoading(false)),
    [translate, dataProvider],
  );

  // Loads on the first render and again when the locale or the dataProvider changes; loading shows from that render on
  // (adjusted during render, https://react.dev/learn/you-might-not-need-an-effect).
  const [loadedFor, setLoadedFor] = useState({ translate, dataProvider });
  if (loadedFor.translate !== translate || loadedFor.dataProvider !== dataProvider) {
    setLoadedFor({ translate, dataProvider });
    setLoading(true);
  }
  useEffect(() => {
    void load();
  }, [load]);
  const reload = async () => {
    setLoading(true);
    await load();
  };

  const register = (id: number, control: Control) => (element: HTMLElement | null) => {
    if (element) controls.current.set(`${id}:${control}`, element);
    else controls.current.delete(`${id}:${control}`);
  };

  // After a move the item is focused again where it now is: React may have moved its element, which drops focus.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const { id, control } = pendingFocus.current;
    pendingFocus.current = null;
    const wanted = controls.current.get(`${id}:${control}`) as HTMLButtonElement | undefined;
    const target = wanted && !wanted.disabled ? wanted : controls.current.get(`${id}:handle`);
    target?.focus();
  }, [items]);

  const announce = (position: number, total: number) => {
    const message = translate('app.faq_order.moved', { position, total });
    // The same words twice in a row would not be read again: vary them invisibly.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
  };

  /** Moves a question one place up (-1) or down (+1) and keeps focus on the same control of that question. */
  const move = (id: number, step: -1 | 1, focus: Control) => {
    const current = latest.current;
    const from = current.findIndex((item) => item.id === id);
    const to = from + step;
    if (saving || from < 0 || to < 0 || to >= current.length) return;
    setOrder(moveItem(current, from, to));
    setJustSaved(false);
    announce(to + 1, current.length);
    pendingFocus.current = { id, control: focus };
  };

  const onHandleKeyDown = (event: KeyboardEvent, id: number) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(id, event.key === 'ArrowUp' ? -1 : 1, 'handle');
    }
  };

  // Native HTML5 drag and drop: the handle is dragged (showing the whole row), each row is a drop target and the
  // dragged question takes a row's place once the pointer passes that row's middle.
  const onDragStart = (event: DragEvent, item: FaqItem) => {
    if (saving) {
      event.preventDefault();
      return;
    }
    beforeDrag.current = latest.current;
    dropped.current = false;
    setDragging(item.id);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', item.question);
    const row = (event.currentTarget as HTMLElement).closest('li');
    if (row) event.dataTransfer.setDragImage(row, 16, 16);
  };

  const onDragOver = (event: DragEvent, index: number) => {
    if (dragging === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const current = latest.current;
    const from = current.findIndex((item) => item.id === dragging);
    if (from < 0 || from === index) return;
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const middle = rect.top + rect.height / 2;
    if ((from < index && event.clientY < middle) || (from > index && event.clientY > middle)) return;
    setOrder(moveItem(current, from, index));
  };

  const onDrop = (event: DragEvent) => {
    if (dragging === null) return;
    event.preventDefault();
    dropped.current = true;
  };

  const onDragEnd = () => {
    const id = dragging;
    setDragging(null);
    if (id === null) return;
    const current = latest.current;
    if (!dropped.current && beforeDrag.current) {
      setOrder(beforeDrag.current);
    } else if (beforeDrag.current && !sameOrder(beforeDrag.current, current)) {
      setJustSaved(false);
      announce(current.findIndex((item) => item.id === id) + 1, current.length);
    }
    beforeDrag.current = null;
  };

  const save = async () => {
    setSaving(true);
    try {
      const stored = await dataProvider.setFaqOrder(latest.current.map((item) => item.id));
      setOrder(stored);
      setSaved(stored);
      setJustSaved(true);
      notify('app.faq_order.saved', { type: 'success' });
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        // Someone added or deleted a question meanwhile: show the list as it now is.
        notify('app.faq_order.changed_elsewhere', { type: 'warning' });
        await reload();
      } else {
        notify((error as Error).message, { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const dirty = !sameOrder(items, saved);
  const total = items.length;

  return (
    <Box sx={{ py: 2, maxWidth: 880 }}>
      <Title title={title} />
      <Typography sx={{ mb: 1 }}>{translate('app.faq_order.intro')}</Typography>
      <Typography id="faq-order-keyboard-help" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.faq_order.keyboard_help')}
      </Typography>

      <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {announcement}
      </Box>

      {loading && !items.length ? (
        <Stack spacing={1} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : total === 0 ? (
        <Typography color="text.secondary">{translate('app.faq_order.empty')}</Typography>
      ) : (
        <Box
          component="ol"
          aria-label={translate('app.faq_order.list_label')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          onDragOver={(event: DragEvent) => dragging !== null && event.preventDefault()}
          onDrop={onDrop}
        >
          {items.map((item, index) => {
            const questionId = `faq-order-question-${item.id}`;
            return (
              <Paper
                key={item.id}
                component="li"
                variant="outlined"
                onDragOver={(event: DragEvent) => onDragOver(event, index)}
                onDrop={onDrop}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  p: 1,
                  opacity: dragging === item.id ? 0.5 : 1,
                  borderStyle: dragging === item.id ? 'dashed' : 'solid',
                }}
              >
                {/* A span, not a <button>: native dragging does not start from a button in every browser. */}
                <Box
                  component="span"
                  role="button"
                  tabIndex={0}
                  ref={register(item.id, 'handle')}
                  draggable
                  onDragStart={(event: DragEvent) => onDragStart(event, item)}
                  onDragEnd={onDragEnd}
                  onKeyDown={(event: KeyboardEvent) => onHandleKeyDown(event, item.id)}
                  aria-roledescription={translate('app.faq_order.roledescription')}
                  aria-label={translate('app.faq_order.handle_label', { question: item.question, position: index + 1, total })}
                  aria-describedby="faq-order-keyboard-help"
                  title={translate('app.faq_order.handle_title')}
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    minWidth: 44,
                    minHeight: 44,
                    borderRadius: 1,
                    color: 'text.secondary',
                    userSelect: 'none',
                    cursor: dragging === null ? 'grab' : 'grabbing',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                >
                  <DragIndicatorIcon aria-hidden />
                </Box>
                <Typography
                  component="span"
                  aria-hidden
                  sx={{ minWidth: '2.5ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}
                >
                  {index + 1}.
                </Typography>
                <Typography component="span" id={questionId} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {item.question}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
                  <Button
                    size="small"
                    startIcon={<ArrowUpwardIcon />}
                    ref={register(item.id, 'up')}
                    disabled={index === 0 || saving}
                    aria-describedby={questionId}
                    onClick={() => move(item.id, -1, 'up')}
                  >
                    {translate('app.faq_order.move_up')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<ArrowDownwardIcon />}
                    ref={register(item.id, 'down')}
                    disabled={index === total - 1 || saving}
                    aria-describedby={questionId}
                    onClick={() => move(item.id, 1, 'down')}
                  >
                    {translate('app.faq_order.move_down')}
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </Box>
      )}

      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => void save()} disabled={!dirty || saving || loading || !!loadError}>
          {translate('app.faq_order.save')}
        </Button>
        <Button component={RouterLink} to="/faqs">
          {translate('app.faq_order.cancel')}
        </Button>
        <Typography color="text.secondary">
          {dirty ? translate('app.faq_order.unsaved') : justSaved ? translate('app.faq_order.saved_state') : ''}
        </Typography>
      </Stack>
    </Box>
  );
}
