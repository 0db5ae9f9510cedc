import { useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { EXPORT_MSG } from '../../../common/export/rules';
import { errorMessage } from '../../api/api';
import { useExportRunner } from './useExportRunner';

/** The lazy preview query of a one-date panel, as its hook returns it. */
type LazyPreview<T> = readonly [(date: string) => { unwrap: () => Promise<T> }, { isFetching: boolean }, ...unknown[]];

/**
 * The set-up the Day and Week panels share: the picked date (it follows `today` until the user
 * picks one), the export runner, the busy state reported to the screen, and the preview action with
 * its 'Errore nel caricamento anteprima: ...' toast.
 */
export function useDatePanel<T>(today: string, onBusyChange: (busy: boolean) => void, [trigger, preview]: LazyPreview<T>) {
  const [date, setDate] = useState(today);
  const touched = useRef(false);
  const runner = useExportRunner();
  const { enqueueSnackbar } = useSnackbar();

  // Today arrives with the club's timezone (GET /api/config): follow it until the user picks.
  useEffect(() => {
    if (!touched.current) setDate(today);
  }, [today]);

  const busy = preview.isFetching || runner.running !== null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const pick = (value: string) => {
    touched.current = true;
    setDate(value);
  };
  const loadPreview = async () => {
    try {
      await trigger(date).unwrap();
    } catch (e) {
      enqueueSnackbar(EXPORT_MSG.previewError(errorMessage(e)), { variant: 'error' });
    }
  };

  return { date, pick, busy, loadPreview, ...runner };
}
