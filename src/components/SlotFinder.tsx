// 'Trova uno slot' (docs/trainings.md, slot finder): the free slots for a match of a category, asked of
// GET /api/slot-liberi, by day: the earliest on each pitch, with 'Altri orari' to unfold the day's other
// start times; each with 'Scegli'. Shared by the places that reschedule a match: the
// 'Rinvia' dialog, the edit form, the import preview's clashing rows (features may not import each other).
import { useId, useRef, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { SLOT_MSG } from '../../common/trainings/messages';
import type { SlotLiberiArgs } from '../api/slotsApi';
import type { Slot } from '../../common/occupancy/slots';
import { SlotSearch } from './SlotSearch';

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
