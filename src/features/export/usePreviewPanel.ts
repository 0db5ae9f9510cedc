import type { ExportRequest } from './exportApi';
import { useDatePanel } from './useDatePanel';

/** The lazy preview query of a one-date panel, as its hook returns it (useLazyGetDayPreviewQuery, useLazyGetWeekPreviewQuery). */
type LazyPreview<T> = readonly [
  (date: string) => { unwrap: () => Promise<T> },
  { isFetching: boolean; isError: boolean; error?: unknown; currentData?: T },
  ...unknown[],
];

/** What a one-date panel says of itself; everything else is the same for the Day and Week panels. */
export interface PreviewPanelSpec<T extends { total: number }> {
  today: string;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
  /** The panel's lazy preview query. */
  lazy: LazyPreview<T>;
  /** The error shown while no date is picked. */
  required: string;
  /** Whether the shown preview is the one of the picked date (never asked without a date). */
  isCurrent: (shown: T, date: string) => boolean;
  /** The file of the picked date. */
  request: (date: string) => ExportRequest;
}

/**
 * The Day and Week panels' shared logic, over useDatePanel: the picked date, the shown preview and
 * whether it is the picked date's, and the props of their action buttons (Anteprima, Esporta PDF:
 * off while busy, without a date, or, for the PDF, while the shown preview of the date is empty),
 * of the status under them and of the preview area. Esporta PDF checks the date is not empty
 * first: with the shown preview when it is the date's, else by asking the preview.
 */
export function usePreviewPanel<T extends { total: number }>({ today, disabled, onBusyChange, lazy, required, isCurrent, request }: PreviewPanelSpec<T>) {
  const [trigger, preview] = lazy;
  const { date, pick, busy, loadPreview, run, running, progressLabel } = useDatePanel(today, onBusyChange, lazy);

  const invalid = date ? null : required;
  const shown = preview.currentData ?? null;
  const shownIsCurrent = shown !== null && date !== '' && isCurrent(shown, date);
  const off = disabled || busy;

  const exportPdf = () => run(request(date), async () => (shownIsCurrent ? shown.total > 0 : (await trigger(date).unwrap()).total > 0));

  return {
    date,
    pick,
    off,
    shown,
    buttons: {
      off: off || !!invalid,
      empty: shownIsCurrent && shown.total === 0,
      running: running !== null,
      onPreview: () => void loadPreview(),
      onPdf: () => void exportPdf(),
    },
    status: { invalid, progressLabel, running: running !== null, preview },
    area: { shown: shown !== null, preview },
  };
}
