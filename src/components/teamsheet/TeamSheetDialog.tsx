import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import type { Distinta, GiocatoreDistinta } from '../../../common/teamsheet/types';
import { errorMessage } from '../../api/api';
import { personName, useGetDirigentiAttiviQuery } from '../../api/designationsApi';
import { FormDialog, useFormDialogState, type FormDialogControls } from '../form/FormDialog';
import { TEAMSHEET_UI as UI } from './messages';
import { problemiOf, useGetAmmissibiliQuery, useSaveDistintaMutation, type DistintaBody } from '../../api/teamsheetApi';

interface Riga {
  /** The player's id (not `id`: useFieldArray keeps its own key there). */
  giocatore: number;
  numero: string;
}

export interface SheetValues {
  righe: Riga[];
  capitano: number | null;
  vice: number | null;
  allenatore: number | null;
  altri: number[];
}

const nomeDi = (g: Pick<GiocatoreDistinta, 'nome' | 'cognome'>) => `${g.cognome} ${g.nome}`;

/** The form's values of a sheet as read. */
export function sheetValues(d: Distinta): SheetValues {
  return {
    righe: d.giocatori.map((g) => ({ giocatore: g.id, numero: g.numero === null ? '' : String(g.numero) })),
    capitano: d.giocatori.find((g) => g.capitano)?.id ?? null,
    vice: d.giocatori.find((g) => g.vice)?.id ?? null,
    allenatore: d.staff.find((s) => s.ruolo === 'allenatore')?.id ?? null,
    altri: d.staff.filter((s) => s.ruolo === 'altro').map((s) => s.id),
  };
}

/** The client's check of the lines (the server checks again): each refused player's reason, by id. */
export function checkLines(v: SheetValues): Map<number, string> {
  const problems = new Map<number, string>();
  const byNumber = new Map<number, number[]>();
  for (const r of v.righe) {
    const n = Number(r.numero);
    if (!/^\d{1,2}$/.test(r.numero.trim()) || n < 1 || n > 99) problems.set(r.giocatore, DISTINTA_MSG.invalid.numero);
    else byNumber.set(n, [...(byNumber.get(n) ?? []), r.giocatore]);
  }
  for (const [n, ids] of byNumber) if (ids.length > 1) for (const id of ids) problems.set(id, DISTINTA_MSG.problemi.numeroRipetuto(n));
  if (v.capitano !== null && v.capitano === v.vice) problems.set(v.capitano, DISTINTA_MSG.problemi.capitanoEVice);
  return problems;
}

/** The PUT body of the form's values. */
export function toBody(v: SheetValues): DistintaBody {
  const present = new Set(v.righe.map((r) => r.giocatore));
  return {
    giocatori: v.righe.map((r) => ({
      id: r.giocatore,
      numero: Number(r.numero),
      ...(v.capitano === r.giocatore && present.has(r.giocatore) ? { capitano: true } : {}),
      ...(v.vice === r.giocatore && present.has(r.giocatore) ? { vice: true } : {}),
    })),
    staff: { allenatore: v.allenatore, altri: v.altri },
  };
}

function Reasons({ g }: { g: GiocatoreDistinta }) {
  return (
    <Stack spacing={0.5}>
      <Box>
        <Chip size="small" color={g.idoneo ? 'success' : 'error'} label={g.idoneo ? UI.idoneo : UI.nonIdoneo} />
        {g.convocazione && <Chip size="small" variant="outlined" sx={{ ml: 0.5 }} label={UI.convocazione[g.convocazione]} />}
      </Box>
      {g.motivi.map((m) => (
        <Typography key={m} variant="body2" color="error">
          {m}
        </Typography>
      ))}
      {g.avvisi.map((m) => (
        <Typography key={m} variant="body2" color="warning.main">
          {m}
        </Typography>
      ))}
    </Stack>
  );
}

/** The staff: the designations as read, the coach (officials with the 'allenatore' qualification) and the others. */
function StaffFields({ distinta, control, readOnly, setValue }: { distinta: Distinta; control: Control<SheetValues>; readOnly: boolean; setValue: (k: 'allenatore' | 'altri', v: number | null | number[]) => void }) {
  const { data: coaches = [] } = useGetDirigentiAttiviQuery('allenatore', { skip: readOnly });
  const { data: people = [] } = useGetAmmissibiliQuery(undefined, { skip: readOnly });
  const allenatore = useWatch({ control, name: 'allenatore' });
  const altri = useWatch({ control, name: 'altri' });
  const designated = distinta.staff.filter((s) => s.ruolo === 'accompagnatore' || s.ruolo === 'addettoArbitro');
  const stored = distinta.staff.filter((s) => s.ruolo === 'allenatore' || s.ruolo === 'altro');
  const coachOptions = [...stored.filter((s) => s.ruolo === 'allenatore' && !coaches.some((c) => c.id === s.id)), ...coaches];
  const otherOptions = [...stored.filter((s) => s.ruolo === 'altro' && !people.some((c) => c.id === s.id)), ...people];
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {UI.staff}
      </Typography>
      {designated.map((s) => (
        <Typography key={s.ruolo}>
          {DISTINTA_MSG.ruoli[s.ruolo]}: {personName(s)}
          {s.numeroTessera ? ` (${s.numeroTessera})` : ''}
        </Typography>
      ))}
      {readOnly ? (
        stored.map((s) => (
          <Typography key={`${s.ruolo}-${s.id}`}>
            {DISTINTA_MSG.ruoli[s.ruolo]}: {personName(s)}
          </Typography>
        ))
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <TextField select fullWidth label={UI.coach} value={allenatore === null ? '' : String(allenatore)} onChange={(e) => setValue('allenatore', e.target.value === '' ? null : Number(e.target.value))}>
            <MenuItem value="">{UI.none}</MenuItem>
            {coachOptions.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {personName(p)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label={UI.others}
            value={altri.map(String)}
            slotProps={{ select: { multiple: true } }}
            onChange={(e) => setValue('altri', (e.target.value as unknown as string[]).map(Number))}
          >
            {otherOptions.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {personName(p)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </Box>
  );
}

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
      <DialogContent>
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
        {fields.length === 0 ? (
          <Typography color="text.secondary">{UI.noPlayers}</Typography>
        ) : (
          <Table size="small" aria-label={UI.players}>
            <TableHead>
              <TableRow>
                <TableCell>{UI.number}</TableCell>
                <TableCell>{DISTINTA_MSG.pdf.colonne.nome}</TableCell>
                <TableCell>{UI.captain}</TableCell>
                <TableCell>{UI.vice}</TableCell>
                <TableCell />
                {!readOnly && <TableCell />}
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
                    <TableCell sx={{ width: 90 }}>
                      <TextField
                        size="small"
                        {...numero}
                        inputRef={numeroRef}
                        disabled={readOnly}
                        error={!!problem}
                        slotProps={{ htmlInput: { 'aria-label': UI.numberOf(nome), inputMode: 'numeric', maxLength: 2 } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Typography>{nome}</Typography>
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
                    <TableCell>{g && <Reasons g={g} />}</TableCell>
                    {!readOnly && (
                      <TableCell>
                        <Button
                          size="small"
                          aria-label={UI.removeOf(nome)}
                          onClick={() => {
                            if (getValues('capitano') === f.giocatore) setValue('capitano', null, { shouldDirty: true });
                            if (getValues('vice') === f.giocatore) setValue('vice', null, { shouldDirty: true });
                            remove(i);
                          }}
                        >
                          {UI.remove}
                        </Button>
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
            <TextField select size="small" sx={{ minWidth: 260 }} label={UI.add} value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
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
