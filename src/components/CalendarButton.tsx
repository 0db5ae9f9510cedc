import { lazy, Suspense, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { CALENDAR_BUTTON } from '../../common/calendarLabel';

// The dialog, its QR code library and its texts are a chunk of their own, downloaded on the first
// click (issue 14: the public page's JavaScript budget holds).
const CalendarDialog = lazy(() => import('./CalendarDialog'));

export interface CalendarButtonProps {
  /** A category's id and name, or none for the whole club's feed. */
  categoryId?: number;
  categoryName?: string;
  size?: ButtonProps['size'];
  sx?: ButtonProps['sx'];
}

/** 'Aggiungi al calendario': opens the subscription dialog of the club's or a category's feed. */
export function CalendarButton({ categoryId, categoryName, size, sx }: CalendarButtonProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        sx={sx}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {CALENDAR_BUTTON}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <CalendarDialog open={open} onClose={() => setOpen(false)} categoryId={categoryId} categoryName={categoryName} />
        </Suspense>
      )}
    </>
  );
}
