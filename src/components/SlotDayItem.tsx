import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SLOT_MSG } from '../../common/trainings/messages';
import type { Slot, SlotDay } from '../../common/occupancy/slots';
import { slotDay } from './slotValues';

/** A day: its heading, the earliest slot on each pitch, and 'Altri orari' unfolding the day's other start times. */
export function SlotDayItem({ day, today, first, onChoose }: { day: SlotDay; today: string; first: boolean; onChoose: (slot: Slot) => void }) {
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
