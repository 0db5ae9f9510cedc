// 'Trova uno slot' (docs/trainings.md, slot finder): the free slots for a match of a category, asked of
// GET /api/slot-liberi, by day: the earliest on each pitch, with 'Altri orari' to unfold the day's other
// start times; each with 'Scegli'. Shared by the places that reschedule a match: the
// 'Rinvia' dialog, the edit form, the import preview's clashing rows (features may not import each other).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { SLOT_MSG } from '../../common/trainings/messages';
import { todayIn } from '../../common/core/dates';
import { serverErrorField } from '../api/policy';
import type { ApiError } from '../api/api';
import { useLazyGetSlotLiberiQuery, type SlotLiberiArgs } from '../api/slotsApi';
import type { Slot, SlotDay } from '../../common/occupancy/slots';
import { PickersProvider } from './PickersProvider';
import { useClub } from './ClubContext';

/** Days searched when no end is given. */
export const SLOT_DEFAULT_DAYS = 30;
/** The server searches at most this many days at once (SLOT_MSG.invalid.periodo). */
const SLOT_MAX_DAYS = 120;

const ISO = 'YYYY-MM-DD';
const dmy = (iso: string) => dayjs(iso, ISO).format('DD/MM/YYYY');

/** '2026-11-28' -> 'sabato 28 novembre' (the year added when it is not this one). */
export function slotDay(iso: string, today: string = dayjs().format(ISO)): string {
  const d = dayjs(iso, ISO).locale('it');
  return d.format(d.year() === dayjs(today, ISO).year() ? 'dddd D MMMM' : 'dddd D MMMM YYYY');
}

/** A slot on one line: 'sabato 28 novembre, 10:00-11:30, Comunale, spogliatoi 3 e 4'. */
export function describeSlot(slot: Slot, today?: string): string {
  return SLOT_MSG.describe(slotDay(slot.data, today), slot.ora, slot.oraFine, slot.campo, slot.spogliatoi);
}

/** The period first proposed: from the query's `dal` (not before today), for SLOT_DEFAULT_DAYS days unless its `al` says otherwise. */
function initialPeriod(query: SlotLiberiArgs, today: string): { dal: string; al: string } {
  const dal = query.dal && query.dal > today ? query.dal : today;
  const al = query.al && query.al >= dal ? query.al : dayjs(dal, ISO).add(SLOT_DEFAULT_DAYS, 'day').format(ISO);
  return { dal, al };
}

/** What is wrong with a period, or null. */
function periodProblem(dal: string, al: string): string | null {
  if (!dal || !al) return SLOT_MSG.periodDates;
  if (al < dal) return SLOT_MSG.periodOrder;
  if (dayjs(al, ISO).diff(dayjs(dal, ISO), 'day') >= SLOT_MAX_DAYS) return SLOT_MSG.invalid.periodo;
  return null;
}

/** The server's own Italian reason for a refused search (400 on bad input, 404 for a match gone), else the generic message. */
function searchError(error: unknown): string {
  const e = error as Partial<ApiError> | undefined;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return serverErrorField(e.data) ?? SLOT_MSG.error;
  return SLOT_MSG.error;
}

export interface SlotFinderProps {
  /** What to look for: the route's parameters (docs/trainings.md); `dal`/`al` are the period proposed first. */
  query: SlotLiberiArgs;
  /** A slot chosen with 'Scegli': the dialog closes and the focus goes back to the button. */
  onChoose: (slot: Slot) => void;
  disabled?: boolean;
  /** The dialog's title (by default 'Slot liberi'). */
  title?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** The 'Trova uno slot' button and its dialog. */
export function SlotFinder({ query, onChoose, disabled, title, size = 'small', variant = 'outlined' }: SlotFinderProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} size={size} variant={variant} disabled={disabled} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {SLOT_MSG.find}
      </Button>
      <SlotFinderDialog
        open={open}
        query={query}
        title={title}
        onClose={() => setOpen(false)}
        onChoose={(slot) => {
          setOpen(false);
          onChoose(slot);
        }}
        restoreFocus={() => button.current?.focus()}
      />
    </>
  );
}

export interface SlotFinderDialogProps {
  open: boolean;
  /** Needed while open; kept by the caller through the closing transition. */
  query: SlotLiberiArgs | null;
  onChoose: (slot: Slot) => void;
  onClose: () => void;
  title?: string;
  /** Puts the focus back once the dialog has closed (by default on the element focused when it opened). */
  restoreFocus?: () => void;
}

/**
 * The finder's dialog alone, for a caller that opens it from its own button (a cell of the import
 * preview). It searches as it opens: the period (today or the match's date, 30 days) can be changed
 * and searched again with 'Cerca'.
 */
export function SlotFinderDialog({ open, query, onChoose, onClose, title = SLOT_MSG.title, restoreFocus }: SlotFinderDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open && query !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // The button gets the focus back explicitly: the element focused at opening may be gone.
      disableRestoreFocus={Boolean(restoreFocus)}
      slotProps={{ transition: { onExited: restoreFocus } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {query && <SlotSearch query={query} onChoose={onChoose} />}
      <DialogActions>
        <Button onClick={onClose}>{SLOT_MSG.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The period, the search and its result; mounted while the dialog is open, so each opening starts afresh. */
function SlotSearch({ query, onChoose }: { query: SlotLiberiArgs; onChoose: (slot: Slot) => void }) {
  const { timezone } = useClub();
  const today = todayIn(timezone);
  const [period, setPeriod] = useState(() => initialPeriod(query, today));
  const [problem, setProblem] = useState<string | null>(null);
  const [searched, setSearched] = useState<{ dal: string; al: string } | null>(null);
  const [trigger, result] = useLazyGetSlotLiberiQuery();
  const listId = useId();

  const search = (p: { dal: string; al: string }) => {
    const wrong = periodProblem(p.dal, p.al);
    setProblem(wrong);
    if (wrong) return;
    setSearched(p);
    void trigger({ ...query, dal: p.dal, al: p.al });
  };
  // The first search as the dialog opens.
  useEffect(() => {
    search(period);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);

  const days = result.currentData;
  const loading = !problem && (result.isFetching || (!result.isError && !days));
  const failed = !problem && !loading && result.isError;
  const found = !problem && !loading && !failed && days ? days : null;
  // Said as it changes (a live region): searching, nothing found, or how many; the list itself is not read out.
  let status: ReactNode = null;
  if (loading) {
    status = (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{SLOT_MSG.loading}</Typography>
      </Stack>
    );
  } else if (found && found.length === 0) {
    status = (
      <Alert severity="info" role="note">
        {SLOT_MSG.none}
      </Alert>
    );
  } else if (found) {
    status = (
      <Typography variant="body2" color="text.secondary" id={listId}>
        {searched ? `${SLOT_MSG.searched(query.gruppo, dmy(searched.dal), dmy(searched.al))} · ` : ''}
        {SLOT_MSG.countDays(found.length)}
      </Typography>
    );
  }

  return (
    <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {SLOT_MSG.period}
        </Typography>
        <PickersProvider>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <PeriodDate label={SLOT_MSG.dal} value={period.dal} min={today} onChange={(dal) => setPeriod((p) => ({ ...p, dal }))} />
            <PeriodDate label={SLOT_MSG.al} value={period.al} min={period.dal || today} onChange={(al) => setPeriod((p) => ({ ...p, al }))} />
            <Button variant="outlined" onClick={() => search(period)} disabled={result.isFetching}>
              {SLOT_MSG.search}
            </Button>
          </Stack>
        </PickersProvider>
        {problem && (
          <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
            {problem}
          </Typography>
        )}
      </Box>
      <Box role="status" aria-live="polite">
        {status}
      </Box>
      {failed && <Alert severity="error">{searchError(result.error)}</Alert>}
      {found && found.length > 0 && (
        <Box
          component="ul"
          aria-labelledby={listId}
          data-testid="slot-list"
          sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: { xs: 'none', sm: 420 }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {found.map((d, i) => (
            <SlotDayItem key={d.data} day={d} today={today} first={i === 0} onChoose={onChoose} />
          ))}
        </Box>
      )}
    </DialogContent>
  );
}

function PeriodDate({ label, value, min, onChange }: { label: string; value: string; min: string; onChange: (v: string) => void }) {
  const parsed = value ? dayjs(value, ISO) : null;
  return (
    <DatePicker
      label={label}
      value={parsed && parsed.isValid() ? parsed : null}
      minDate={dayjs(min, ISO)}
      onChange={(d) => onChange(d && d.isValid() ? d.format(ISO) : '')}
      slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 180 } } } }}
    />
  );
}

/** A day: its heading, the earliest slot on each pitch, and 'Altri orari' unfolding the day's other start times. */
function SlotDayItem({ day, today, first, onChoose }: { day: SlotDay; today: string; first: boolean; onChoose: (slot: Slot) => void }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const moreId = useId();
  return (
    <Box component="li" data-testid="slot-day" aria-labelledby={headingId} sx={{ '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle2"
        sx={{ px: 1.5, pt: 1, pb: 0.25, '&::first-letter': { textTransform: 'uppercase' } }}
      >
        {slotDay(day.data, today)}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {day.primi.map((s, i) => (
          <SlotItem key={`${s.ora} ${s.campo}`} slot={s} dayId={headingId} highlight={first && i === 0} onChoose={onChoose} />
        ))}
      </Box>
      {day.altri.length > 0 && (
        <Box sx={{ px: 1.5, pb: 0.5 }}>
          <Button size="small" aria-expanded={open} aria-controls={moreId} onClick={() => setOpen((o) => !o)} aria-describedby={headingId}>
            {open ? SLOT_MSG.fewer : SLOT_MSG.more(day.altri.length)}
          </Button>
        </Box>
      )}
      {open && (
        <Box component="ul" id={moreId} data-testid="slot-more" sx={{ m: 0, p: 0, pb: 0.5, listStyle: 'none', bgcolor: 'action.hover' }}>
          {day.altri.map((s) => (
            <SlotItem key={`${s.ora} ${s.campo}`} slot={s} dayId={headingId} highlight={false} onChoose={onChoose} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function SlotItem({ slot, dayId, highlight, onChoose }: { slot: Slot; dayId: string; highlight: boolean; onChoose: (slot: Slot) => void }) {
  const textId = useId();
  return (
    <Box component="li" data-testid="slot-item" sx={{ px: 1.5, py: 0.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
      <Typography component="span" variant="body2" id={textId} sx={{ flex: 1, minWidth: 0 }}>
        <Box component="span" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>{`${slot.ora}-${slot.oraFine}`}</Box>
        {[slot.campo, slot.spogliatoi.length > 0 ? SLOT_MSG.rooms(slot.spogliatoi) : ''].filter(Boolean).map((part) => ` · ${part}`).join('')}
      </Typography>
      <Button size="small" variant={highlight ? 'contained' : 'outlined'} aria-describedby={`${dayId} ${textId}`} onClick={() => onChoose(slot)}>
        {SLOT_MSG.choose}
      </Button>
    </Box>
  );
}
