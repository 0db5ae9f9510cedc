import type { Giocatore, RegolaCertificato } from '../../../common/players/rules';
import { FormDialog, type FormDialogControls } from '../../components/form/FormDialog';
import { useSaveAnotherRounds } from '../../components/form/FormSubmit';
import { PickersProvider } from '../../components/PickersProvider';
import { emptyPlayer, fromGiocatore, type PlayerFormValues } from './formValues';
import { PlayerForm } from './PlayerForm';

export interface PlayerDialogProps {
  open: boolean;
  /** Changes at each opening: the form then starts again from the player's current values. */
  formKey?: number;
  /** The player being edited; absent when adding one. */
  giocatore?: Giocatore | null;
  /** A new player's category (the one on screen), if any. */
  gruppo?: string;
  /** The categories offered. */
  gruppi: readonly string[];
  regola: RegolaCertificato;
  isAdmin: boolean;
  onClose: () => void;
}

/** Add and edit form of a player (docs/players.md), with export and erasure for administrators. */
export default function PlayerDialog({ open, formKey = 0, giocatore = null, gruppo, gruppi, regola, isAdmin, onClose }: PlayerDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="giocatore-form-title" maxWidth="md">
      {(_busy, controls) => (
        <PickersProvider>
          <PlayerEditor key={formKey} giocatore={giocatore} gruppo={gruppo} gruppi={gruppi} regola={regola} isAdmin={isAdmin} onClose={onClose} controls={controls} />
        </PickersProvider>
      )}
    </FormDialog>
  );
}

/**
 * One opening of the dialog. After 'Salva e aggiungi un altro' the form starts again (a new key, as the
 * trainings' dialog does) in the same category, clean: what was saved is on the list.
 */
function PlayerEditor({
  giocatore,
  gruppo,
  gruppi,
  regola,
  isAdmin,
  onClose,
  controls,
}: Omit<PlayerDialogProps, 'open' | 'formKey' | 'giocatore'> & { giocatore: Giocatore | null; controls: FormDialogControls }) {
  const round = useSaveAnotherRounds<PlayerFormValues>(() => (giocatore ? fromGiocatore(giocatore) : emptyPlayer(gruppo ?? (gruppi.length === 1 ? gruppi[0] : ''))));
  return <PlayerForm key={round.key} giocatore={giocatore} round={round} gruppi={gruppi} regola={regola} isAdmin={isAdmin} onClose={onClose} controls={controls} />;
}
