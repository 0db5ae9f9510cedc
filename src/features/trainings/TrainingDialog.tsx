import type { Allenamento, AllenamentoPayload } from '../../../common/trainings/rules';
import { todayIn } from '../../../common/core/dates';
import { FormDialog, type FormDialogControls } from '../../components/form/FormDialog';
import { useSaveAnotherRounds } from '../../components/form/FormSubmit';
import { PickersProvider } from '../../components/PickersProvider';
import { useClubConfig } from '../../store/useClubConfig';
import { TrainingForm } from './TrainingForm';
import { newSeries, type FormValues } from './grid';

const fromSeries = ({ id: _id, ...values }: Allenamento): FormValues => ({ ...values, spogliatoi: [...values.spogliatoi], saltate: [...values.saltate] });

export interface AllenamentoDialogProps {
  open: boolean;
  /** Changes at each opening: the form then starts again from the series' current values. */
  formKey?: number;
  /** The series being edited; absent when creating one. */
  allenamento?: Allenamento | null;
  /** A new series' known fields (the grid's cell: pitch and day; the filters: category and pitch). */
  preset?: Partial<AllenamentoPayload>;
  /** The pitches the series already use, offered first. */
  campi?: readonly string[];
  onClose: () => void;
}

/** Create and edit form of a weekly training series (docs/trainings.md), with its clash confirmation and delete. */
export default function TrainingDialog({ open, formKey = 0, allenamento = null, preset, campi = [], onClose }: AllenamentoDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="allenamento-form-title" maxWidth="md">
      {(_busy, controls) => (
        <PickersProvider>
          <SeriesEditor key={formKey} allenamento={allenamento} preset={preset} campi={campi} onClose={onClose} controls={controls} />
        </PickersProvider>
      )}
    </FormDialog>
  );
}

/**
 * One opening of the dialog. After 'Salva e aggiungi un altro' the form starts again (a new key, as
 * the add-match page does) with what the saved series leaves for the next one.
 */
function SeriesEditor({ allenamento, preset, campi, onClose, controls }: { allenamento: Allenamento | null; preset?: Partial<AllenamentoPayload>; campi: readonly string[]; onClose: () => void; controls: FormDialogControls }) {
  const { timezone } = useClubConfig();
  const round = useSaveAnotherRounds<FormValues>(() => (allenamento ? fromSeries(allenamento) : newSeries(todayIn(timezone), preset)));
  return <TrainingForm key={round.key} allenamento={allenamento} round={round} campi={campi} onClose={onClose} controls={controls} />;
}
