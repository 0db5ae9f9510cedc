import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { paths } from '../../config/paths';
import { refusalMessage } from '../../api/api';
import type { ClashInfo } from '../../../common/occupancy/rules';

/** After a successful save or delete the screen returns to / after 2 seconds (docs/matches.md). */
export const RETURN_AFTER_MS = 2000;

/**
 * Runs a save or delete: busy flag, success toast then back to / after 2 s, error toast on failure.
 * With `then`, the success goes there instead of the timed return (the add form's own flow, docs/planning.md).
 */
export function useSaveFlow() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState(false);
  // A save the server refused for clashes (409, docs/occupancy.md) waits for the editor's confirmation.
  const [conflicts, setConflicts] = useState<ClashInfo[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  async function run<T>(action: () => Promise<T>, success: string, failure: string, then?: (result: T) => void) {
    try {
      const result = await action();
      enqueueSnackbar(success, { variant: 'success' });
      // A match saved in a club closure: the server's warning (docs/trainings.md), after the success.
      const avviso = (result as { avviso?: unknown } | null | undefined)?.avviso;
      if (typeof avviso === 'string') enqueueSnackbar(avviso, { variant: 'warning' });
      if (then) {
        then(result);
        return;
      }
      setDone(true);
      timer.current = setTimeout(() => navigate(paths.home.getHref()), RETURN_AFTER_MS);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      const conflitti = (err as { data?: { conflitti?: unknown } }).data?.conflitti;
      if (status === 409 && Array.isArray(conflitti)) {
        setConflicts(conflitti as ClashInfo[]);
        return;
      }
      // 400/403/404 carry the server's Italian reason; anything else gets the operation's message.
      const message = refusalMessage(err, [400, 403, 404], failure);
      enqueueSnackbar(message, { variant: 'error' });
    }
  }
  return { done, run, cancel: () => navigate(paths.home.getHref()), conflicts, clearConflicts: () => setConflicts(null) };
}
