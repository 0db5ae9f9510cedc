import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import { PLAYERS_UI } from '../../../common/players/messages';
import type { Giocatore } from '../../../common/players/rules';
import { refusalMessage } from '../../api/api';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useNotify } from '../../components/Toasts';
import { useEraseGiocatoreMutation } from './playersApi';

const A = PLAYERS_UI.admin;

/**
 * 'Elimina' (administrators, docs/players.md): asks first, saying the data go for good, then erases the
 * player. Used by the player's form and by the 'Da rimuovere' review.
 */
export function PlayerEraseButton({
  giocatore,
  disabled = false,
  label = A.erase,
  onBusy,
  onErased,
}: {
  giocatore: Pick<Giocatore, 'id' | 'nome' | 'cognome'>;
  disabled?: boolean;
  /** The button's accessible name (a list of players names each one). */
  label?: string;
  onBusy?: (busy: boolean) => void;
  onErased: () => void;
}) {
  const notify = useNotify();
  const [eraseGiocatore] = useEraseGiocatoreMutation();
  const [asking, setAsking] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);
  useEffect(() => onBusy?.(asking || erasing), [onBusy, asking, erasing]);

  const erase = async () => {
    setErasing(true);
    setEraseError(null);
    try {
      const answer = await eraseGiocatore(giocatore.id).unwrap();
      notify(answer.message, 'success');
      setAsking(false);
      setErasing(false);
      onErased();
    } catch (err) {
      setErasing(false);
      setEraseError(refusalMessage(err, [403, 404], A.eraseError));
    }
  };

  return (
    <>
      <Button color="error" startIcon={<DeleteForeverOutlinedIcon />} disabled={disabled || erasing} onClick={() => setAsking(true)} aria-label={label === A.erase ? undefined : label}>
        {A.erase}
      </Button>
      <ConfirmDeleteDialog
        open={asking}
        titleId={`giocatore-erase-title-${giocatore.id}`}
        title={A.eraseTitle}
        text={A.eraseText(`${giocatore.nome} ${giocatore.cognome}`)}
        error={eraseError}
        busy={erasing}
        cancelLabel={PLAYERS_UI.form.cancel}
        confirmLabel={A.eraseConfirm}
        busyLabel={A.erasing}
        onCancel={() => {
          setAsking(false);
          setEraseError(null);
        }}
        onConfirm={() => void erase()}
      />
    </>
  );
}
