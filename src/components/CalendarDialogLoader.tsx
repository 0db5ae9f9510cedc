import { lazy, Suspense } from 'react';
import type { CalendarDialogProps } from './CalendarDialog';

// A second, tiny step of the lazy load: the public page's start-up code would otherwise carry
// the list of the dialog's dozen MUI chunks to preload (about 0.3 KB gzip of a 120 KB budget).
const CalendarDialog = lazy(() => import('./CalendarDialog'));

export default function CalendarDialogLoader(props: CalendarDialogProps) {
  return (
    <Suspense fallback={null}>
      <CalendarDialog {...props} />
    </Suspense>
  );
}
