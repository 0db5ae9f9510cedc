import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { CALENDAR_BUTTON } from '../../common/calendar/messages';
import { LazyCalendarDialog, type CalendarFeedProps } from './LazyCalendarDialog';

/** 'Aggiungi al calendario' (MUI button): opens the subscription dialog of the club's or a category's feed. */
export function CalendarButton({ categoryId, categoryName, size, sx }: CalendarFeedProps & { size?: ButtonProps['size']; sx?: ButtonProps['sx'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size={size} sx={sx} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {CALENDAR_BUTTON}
      </Button>
      <LazyCalendarDialog open={open} onClose={() => setOpen(false)} categoryId={categoryId} categoryName={categoryName} />
    </>
  );
}
