import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STATUS_MSG } from '../../../common/status/rules';
import { MOTIVO_MAX } from '../../../common/status/read';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { SlotFinder } from '../../components/SlotFinder';
import { FormDialog } from '../../components/form/FormDialog';
import DateFilterPicker from './DateFilterPicker';
import { ClashList } from './ClashWarnings';
import { AffectedMatches } from './AffectedMatches';
import { appliedSlot, chosenDays } from './statusValues';
import { useStatusForm, type StatusFormInput } from './useStatusForm';

/**
 * The dialog of one bulk status action (docs/matches.md): the matches it changes, the new date
 * ('Rinvia', with 'Trova uno slot' for one match) or the days ('Sposta'), the reason, and the
 * clashes a move would make. Full screen on a phone; closing with something typed asks first.
 */
export function StatusDialog({ onClose, ...input }: StatusFormInput & { onClose: () => void }) {
  const { azione, ids, partite, today } = input;
  const form = useStatusForm(input);
  const { errors, single, chosen, clashes } = form;
  const days = azione === 'sposta' ? chosenDays(form.giorni) : null;
  const title = STATUS_MSG.confirmTitle[azione](ids.length, days);
  return (
    <FormDialog open onClose={onClose} titleId="status-dialog-title" maxWidth="sm" dirty={form.dirty} busy={form.isLoading}>
      {(_busy, { requestClose }) => (
        <>
          <DialogTitle id="status-dialog-title">{title}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <AffectedMatches ids={ids} partite={partite} />
            {azione === 'rinvia' && (
              <Box>
                <DateFilterPicker fullWidth label={STATUS_MSG.nuovaDataLabel} value={form.nuovaData} onChange={form.setNuovaData} />
                {errors.nuovaData && (
                  <Typography color="error" variant="body2" role="alert">
                    {errors.nuovaData}
                  </Typography>
                )}
                {single && (
                  <Box sx={{ mt: 1 }}>
                    <SlotFinder
                      // From the day after the match's date (the server starts from today at the earliest); its length, teams and home/away.
                      query={{ gruppo: single.gruppo, partita: single.id, dal: dayjs(single.data).add(1, 'day').format('YYYY-MM-DD') }}
                      onChoose={form.chooseSlot}
                    />
                  </Box>
                )}
                {single && chosen && (
                  <Alert severity="info" sx={{ mt: 1 }} data-testid="rinvia-slot-note">
                    {STATUS_MSG.slotApplied(appliedSlot(chosen, single, today))}
                  </Alert>
                )}
              </Box>
            )}
            {azione === 'sposta' && (
              <TextField
                label={STATUS_MSG.giorniLabel}
                type="number"
                value={form.giorni}
                onChange={(e) => form.setGiorni(e.target.value)}
                error={Boolean(errors.giorni)}
                helperText={errors.giorni}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
                required
                autoFocus
              />
            )}
            <TextField
              label={STATUS_MSG.motivoLabel}
              value={form.motivo}
              onChange={(e) => form.setMotivo(e.target.value)}
              error={Boolean(errors.motivo)}
              helperText={errors.motivo ?? `${form.motivo.trim().length}/${MOTIVO_MAX}`}
              multiline
              minRows={2}
            />
            {(form.serverError || errors.ids || errors.azione || errors.form) && (
              <Typography color="error" role="alert">
                {form.serverError || errors.ids || errors.azione || errors.form}
              </Typography>
            )}
            {clashes && <ClashList clashes={clashes} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose}>{STATUS_MSG.cancel}</Button>
            <Button variant="contained" color="error" onClick={() => void form.submit()} disabled={form.isLoading}>
              {clashes ? CLASH_MSG.bulkConfirm : STATUS_MSG.confirmButton[azione](ids.length, days)}
            </Button>
          </DialogActions>
        </>
      )}
    </FormDialog>
  );
}
