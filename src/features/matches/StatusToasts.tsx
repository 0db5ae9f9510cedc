import { Fragment } from 'react';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import { STATUS_MSG, UNDO_TOAST_MS } from '../../../common/status/rules';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { errorMessage } from '../../api/api';
import { paths } from '../../config/paths';
import { useAnnullaOperazioneMutation } from './statusApi';
import { clashesOf } from './statusValues';

/**
 * The toasts after a bulk status change (docs/matches.md): 'N partite aggiornate' with 'Annulla
 * operazione' for 10 seconds (and 'Apri la partita' for one match moved to a chosen slot); an undo
 * that would put matches back onto places taken since lists the clashes and lets the editor confirm.
 * Returns what to call after a change; `reset` clears the selection and closes the dialog.
 */
export function useStatusToasts(reset: () => void) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // The toasts are drawn outside the router: their links navigate through this.
  const navigate = useNavigate();
  const [annulla] = useAnnullaOperazioneMutation();

  const undo = async (operazione: string, key: string | number, confermaSovrapposizioni = false) => {
    closeSnackbar(key);
    try {
      await annulla(confermaSovrapposizioni ? { operazione, confermaSovrapposizioni } : operazione).unwrap();
      enqueueSnackbar(STATUS_MSG.undone, { variant: 'success' });
    } catch (err) {
      const clashes = clashesOf(err);
      // docs/occupancy.md: the matches would go back onto places taken since; the editor may confirm.
      // The clashes one a line under the server's message (a toast at most 560 px wide).
      const message = clashes ? (
        <span>
          {errorMessage(err)}:
          {clashes.map((c, i) => (
            <Fragment key={i}>
              <br />
              {c.messaggio}
            </Fragment>
          ))}
        </span>
      ) : (
        errorMessage(err)
      );
      enqueueSnackbar(message, {
        variant: 'error',
        ...(clashes && {
          persist: true,
          action: (k) => (
            <>
              <Button color="inherit" size="small" onClick={() => void undo(operazione, k, true)}>
                {CLASH_MSG.bulkConfirm}
              </Button>
              <Button color="inherit" size="small" onClick={() => closeSnackbar(k)}>
                {CLASH_MSG.dialogCancel}
              </Button>
            </>
          ),
        }),
      });
    }
  };

  /** After a change; `moved`: the one match postponed to a chosen slot, which the toast can open (it reads the whole slot). */
  return (operazione: string, aggiornate: number, moved?: { id: number }) => {
    reset();
    const edit = moved ? paths.editMatch.getHref(String(moved.id)) : null;
    enqueueSnackbar(STATUS_MSG.updated(aggiornate), {
      variant: 'success',
      autoHideDuration: UNDO_TOAST_MS,
      action: (key) => (
        <>
          {edit && (
            <Button
              color="inherit"
              size="small"
              href={edit}
              onClick={(e) => {
                e.preventDefault();
                closeSnackbar(key);
                void navigate(edit);
              }}
            >
              {SLOT_MSG.openMatch}
            </Button>
          )}
          <Button color="inherit" size="small" onClick={() => void undo(operazione, key)}>
            {STATUS_MSG.undo}
          </Button>
        </>
      ),
    });
  };
}
