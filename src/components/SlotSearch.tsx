import { useEffect, useId, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { SLOT_MSG } from '../../common/trainings/messages';
import { todayIn } from '../../common/core/dates';
import { useLazyGetSlotLiberiQuery, type SlotLiberiArgs } from '../api/slotsApi';
import type { Slot } from '../../common/occupancy/slots';
import { PickersProvider } from './PickersProvider';
import { useClub } from './ClubContext';
import { SlotDayItem } from './SlotDayItem';
import { ISO, dmy, initialPeriod, periodProblem, searchError } from './slotValues';

/** The period, the search and its result; mounted while the dialog is open, so each opening starts afresh. */
export function SlotSearch({ query, onChoose }: { query: SlotLiberiArgs; onChoose: (slot: Slot) => void }) {
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
