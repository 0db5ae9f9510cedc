import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { todayIn } from '../../../common/core/dates';
import type { Giocatore } from '../../../common/players/rules';
import { errorMessage } from '../../api/api';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { saveFile } from '../../components/saveFile';
import { useNotify } from '../../components/Toasts';
import { useClubConfig } from '../../store/useClubConfig';
import { useEraseGiocatoreMutation, useExportGiocatoreMutation } from './playersApi';
import { PLAYERS_UI } from './messages';

const A = PLAYERS_UI.admin;

/** Whether the refusal carries the server's own Italian reason. */
const answeredWith = (err: unknown, statuses: readonly number[]) => statuses.includes((err as { status?: unknown }).status as number);

/**
 * A person's rights (docs/players.md), for administrators in the player's form: 'Esporta dati' downloads
 * the JSON of everything held about the player; 'Elimina' asks first, saying the data go for good.
 */
export function PlayerAdminActions({ giocatore, disabled, onBusy, onErased }: { giocatore: Giocatore; disabled: boolean; onBusy: (busy: boolean) => void; onErased: () => void }) {
  const notify = useNotify();
  const { timezone } = useClubConfig();
  const [exportGiocatore, { isLoading: exporting }] = useExportGiocatoreMutation();
  const [eraseGiocatore] = useEraseGiocatoreMutation();
  const [asking, setAsking] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);
  useEffect(() => onBusy(asking || erasing || exporting), [onBusy, asking, erasing, exporting]);

  const download = async () => {
    try {
      const answer = await exportGiocatore(giocatore.id).unwrap();
      saveFile(new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' }), A.exportFile(giocatore.id, todayIn(timezone)));
      notify(A.exported, 'success');
    } catch (err) {
      notify(answeredWith(err, [403, 404]) ? errorMessage(err) : `${A.exportError}: ${errorMessage(err)}`, 'error');
    }
  };

  const erase = async () => {
    setErasing(true);
    setEraseError(null);
    try {
      const answer = await eraseGiocatore(giocatore.id).unwrap();
      notify(answer.message, 'success');
      setAsking(false);
      onErased();
    } catch (err) {
      setErasing(false);
      setEraseError(answeredWith(err, [403, 404]) ? errorMessage(err) : `${A.eraseError}: ${errorMessage(err)}`);
    }
  };

  return (
    <>
      <Button color="error" startIcon={<DeleteForeverOutlinedIcon />} disabled={disabled || erasing} onClick={() => setAsking(true)}>
        {A.erase}
      </Button>
      <Button startIcon={<DownloadIcon />} disabled={disabled || exporting} onClick={() => void download()} sx={{ mr: 'auto' }}>
        {exporting ? A.exporting : A.export}
      </Button>
      <ConfirmDeleteDialog
        open={asking}
        titleId="giocatore-erase-title"
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
