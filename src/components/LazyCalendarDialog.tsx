import { lazy, Suspense, useState } from 'react';

// The 'Aggiungi al calendario' dialog, its QR code library and its texts are a chunk of their
// own, downloaded on the first opening (docs/calendar.md: the public page's JavaScript budget holds),
// through a tiny loader chunk so that the start-up code does not list the dialog's chunks.
const CalendarDialog = lazy(() => import('./CalendarDialogLoader'));

export interface CalendarFeedProps {
  /** A category's id and name, or none for the whole club's feed. */
  categoryId?: number;
  categoryName?: string;
}

/**
 * The subscription dialog, rendered (and its code downloaded) only once it has been opened. For
 * pages that draw their own button (the public page); elsewhere CalendarButton.
 */
export function LazyCalendarDialog({ open, onClose, categoryId, categoryName }: CalendarFeedProps & { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CalendarDialog open={open} onClose={onClose} categoryId={categoryId} categoryName={categoryName} />
    </Suspense>
  );
}
