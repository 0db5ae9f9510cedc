import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import type { Distinta } from '../../../common/teamsheet/types';
import { errorMessage } from '../../api/api';
import { FormDialog, useFormDialogState, type FormDialogControls } from '../form/FormDialog';
import { TEAMSHEET_UI as UI } from './messages';
import { problemiOf, useSaveDistintaMutation } from '../../api/teamsheetApi';
import { checkLines, nomeDi, numberInOrder, sheetValues, toBody, type SheetValues } from './sheetForm';
import { Reasons, StaffFields } from './TeamSheetParts';

function SheetForm({ distinta, readOnly, onClose, controls }: { distinta: Distinta; readOnly: boolean; onClose: () => void; controls: FormDialogControls }) {
  const [save, { isLoading: saving, error: saveError }] = useSaveDistintaMutation();
  const { control, handleSubmit, register, setValue, getValues } = useForm<SheetValues>({ defaultValues: sheetValues(distinta) });
  const { fields, append, remove } = useFieldArray({ control, name: 'righe', keyName: 'key' });
  useFormDialogState(controls, control, { busy: saving });
  const capitano = useWatch({ control, name: 'capitano' });
  const vice = useWatch({ control, name: 'vice' });
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [toAdd, setToAdd] = useState('');
  const known = new Map([...distinta.giocatori, ...distinta.disponibili].map((g) => [g.id, g]));
  const onSheet = new Set(fields.map((f) => f.giocatore));
  const available = [...distinta.giocatori, ...distinta.disponibili].filter((g) => !onSheet.has(g.id));
  // One click instead of a number typed per player: the blank ones get the lowest free numbers, in the sheet's order.
  const righe = useWatch({ control, name: 'righe' });
  const blanks = righe.filter((r) => (r?.numero ?? '').trim() === '').length;
  const numberAll = () => numberInOrder(getValues('righe')).forEach((n, i) => setValue(`righe.${i}.numero`, n, { shouldDirty: true }));
  const onSubmit = async (v: SheetValues) => {
    const local = checkLines(v);
    setProblems(local);
    if (local.size > 0) return;
    try {
      await save({ id: distinta.partita, body: toBody(v) }).unwrap();
      onClose();
    } catch (err) {
      setProblems(new Map(problemiOf(err).map((p) => [p.giocatore, p.motivo])));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <DialogTitle id="distinta-dialog-title">{DISTINTA_MSG.title}</DialogTitle>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        {readOnly && <Alert severity="info">{UI.readOnly}</Alert>}
        {saveError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(saveError)}
          </Alert>
        )}
        {[...distinta.motivi, ...distinta.avvisi].map((m) => (
          <Alert key={m} severity={distinta.motivi.includes(m) ? 'warning' : 'info'} sx={{ mb: 1 }}>
            {m}
          </Alert>
        ))}
        {!readOnly && blanks > 0 && (
          <Button size="small" variant="outlined" onClick={numberAll} sx={{ mb: 1 }}>
            {UI.numberAll(blanks)}
          </Button>
        )}
        {fields.length === 0 ? (
          <Typography color="text.secondary">{UI.noPlayers}</Typography>
        ) : (
          <Table size="small" aria-label={UI.players}>
            <TableHead>
              <TableRow>
                <TableCell>{UI.number}</TableCell>
                <TableCell>{DISTINTA_MSG.pdf.colonne.nome}</TableCell>
                <TableCell padding="checkbox">{UI.captain}</TableCell>
                <TableCell padding="checkbox">{UI.vice}</TableCell>
                {!readOnly && <TableCell padding="checkbox" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f, i) => {
                const g = known.get(f.giocatore);
                const nome = g ? nomeDi(g) : String(f.giocatore);
                const problem = problems.get(f.giocatore);
                // The input itself takes the ref: react-hook-form writes the stored number into it.
                const { ref: numeroRef, ...numero } = register(`righe.${i}.numero`);
                return (
                  <TableRow key={f.key} data-testid={`distinta-riga-${f.giocatore}`}>
                    <TableCell sx={{ width: { xs: 56, sm: 80 }, px: { xs: 0.5, sm: 2 } }}>
                      <TextField
                        size="small"
                        {...numero}
                        inputRef={numeroRef}
                        disabled={readOnly}
                        error={!!problem}
                        slotProps={{ htmlInput: { 'aria-label': UI.numberOf(nome), inputMode: 'numeric', maxLength: 2 } }}
                      />
                    </TableCell>
                    <TableCell sx={{ px: { xs: 0.5, sm: 2 }, overflowWrap: 'anywhere' }}>
                      <Typography sx={{ fontWeight: 500 }}>{nome}</Typography>
                      {g && <Reasons g={g} except={problem} />}
                      {problem && (
                        <Typography variant="body2" color="error" role="alert">
                          {problem}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell padding="checkbox">
                      <Radio
                        checked={capitano === f.giocatore}
                        disabled={readOnly}
                        onChange={() => setValue('capitano', f.giocatore, { shouldDirty: true })}
                        slotProps={{ input: { 'aria-label': UI.captainOf(nome) } }}
                      />
                    </TableCell>
                    <TableCell padding="checkbox">
                      <Radio
                        checked={vice === f.giocatore}
                        disabled={readOnly}
                        onChange={() => setValue('vice', f.giocatore, { shouldDirty: true })}
                        slotProps={{ input: { 'aria-label': UI.viceOf(nome) } }}
                      />
                    </TableCell>
                    {!readOnly && (
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={UI.removeOf(nome)}
                          onClick={() => {
                            if (getValues('capitano') === f.giocatore) setValue('capitano', null, { shouldDirty: true });
                            if (getValues('vice') === f.giocatore) setValue('vice', null, { shouldDirty: true });
                            remove(i);
                          }}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {!readOnly && available.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <TextField select size="small" sx={{ flex: { xs: 1, sm: 'none' }, minWidth: { xs: 0, sm: 260 } }} label={UI.add} value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
              {available.map((g) => (
                <MenuItem key={g.id} value={String(g.id)}>
                  {nomeDi(g)}
                  {g.idoneo ? '' : ` — ${UI.nonIdoneo}`}
                </MenuItem>
              ))}
            </TextField>
            <Button
              disabled={toAdd === ''}
              onClick={() => {
                append({ giocatore: Number(toAdd), numero: '' });
                setToAdd('');
              }}
            >
              {UI.addButton}
            </Button>
          </Stack>
        )}
        <StaffFields distinta={distinta} control={control} readOnly={readOnly} setValue={(k, v) => setValue(k, v as never, { shouldDirty: true })} />
      </DialogContent>
      <DialogActions>
        <Button onClick={controls.requestClose}>{readOnly ? UI.close : UI.cancel}</Button>
        {!readOnly && (
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? UI.saving : UI.save}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}

/** The sheet in a dialog (react-hook-form + FormDialog, src/components/form/): editors change and save it, readers see it. */
export function TeamSheetDialog({ open, onClose, distinta, readOnly }: { open: boolean; onClose: () => void; distinta: Distinta; readOnly: boolean }) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="distinta-dialog-title" maxWidth="md">
      {(_busy, controls) => open && <SheetForm distinta={distinta} readOnly={readOnly} onClose={onClose} controls={controls} />}
    </FormDialog>
  );
}
