import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { todayIn } from '../../../common/core/dates';
import { PLAYERS_UI } from '../../../common/players/messages';
import type { Giocatore } from '../../../common/players/rules';
import { refusalMessage } from '../../api/api';
import { saveFile } from '../../components/saveFile';
import { useNotify } from '../../components/Toasts';
import { useClubConfig } from '../../store/useClubConfig';
import { useExportGiocatoreMutation } from './playersApi';
import { PlayerEraseButton } from './PlayerEraseButton';

const A = PLAYERS_UI.admin;

/**
 * A person's rights (docs/players.md), for administrators in the player's form: 'Esporta dati' downloads
 * the JSON of everything held about the player; 'Elimina' asks first, saying the data go for good.
 */
export function PlayerAdminActions({ giocatore, disabled, onBusy, onErased }: { giocatore: Giocatore; disabled: boolean; onBusy: (busy: boolean) => void; onErased: () => void }) {
  const notify = useNotify();
  const { timezone } = useClubConfig();
  const [exportGiocatore, { isLoading: exporting }] = useExportGiocatoreMutation();
  const [erasing, setErasing] = useState(false);
  useEffect(() => onBusy(erasing || exporting), [onBusy, erasing, exporting]);

  const download = async () => {
    try {
      const answer = await exportGiocatore(giocatore.id).unwrap();
      saveFile(new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' }), A.exportFile(giocatore.id, todayIn(timezone)));
      notify(A.exported, 'success');
    } catch (err) {
      notify(refusalMessage(err, [403, 404], A.exportError), 'error');
    }
  };

  return (
    <>
      <PlayerEraseButton giocatore={giocatore} disabled={disabled} onBusy={setErasing} onErased={onErased} />
      <Button startIcon={<DownloadIcon />} disabled={disabled || exporting} onClick={() => void download()} sx={{ mr: 'auto' }}>
        {exporting ? A.exporting : A.export}
      </Button>
    </>
  );
}
