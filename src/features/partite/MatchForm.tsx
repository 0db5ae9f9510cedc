import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useCategoryNames } from '../../api/categoriesApi';
import { useLazyGetCampiSuggestionsQuery, useLazyGetSquadreSuggestionsQuery } from '../../api/suggestionsApi';
import { MSG } from '../../../common/core/messages';
import { isTime, todayIn } from '../../../common/core/dates';
import { defaultDurationMinutes, proposedEndTime } from '../../../common/calendar/rules';
import { SPOGLIATOIO_MAX, SPOGLIATOIO_MIN, TERRENI, TIPI_GARA, isHomeTeam } from '../../../common/partite/read';
import { effectiveHome, toPayload, validatePartita, type FormMode, type PartitaValues } from '../../../common/partite/rules';
import { minutesOf, type ClashInfo } from '../../../common/occupazione/rules';
import { PickersProvider } from '../../components/PickersProvider';
import { sameValues } from '../../components/UnsavedChanges';
import { SuggestionInput } from '../../components/SuggestionInput';
import { useClubConfig } from '../../store/useClubConfig';
import type { SavePayload } from './matchesApi';
import { ClashDialog, ClashList, ClosureWarning, useClashCheck } from './ClashWarnings';
import { PageHeader } from '../../components/PageFrame';
import { SlotFinder } from '../../components/SlotFinder';
import type { SlotLiberiArgs } from '../../api/slotsApi';
import type { Slot } from '../../../common/occupazione/slots';
import { SLOT_MSG } from '../../../common/allenamenti/messages';
import { focusIn, useTypedThrough } from '../../components/typedThrough';
import { DIRIGENTI_MSG } from '../../../common/dirigenti/messages';

type RoomKey = 'spogliatoioGari' | 'spogliatoioOspiti';

/** What the form holds: every field of PartitaValues present, text '' when empty, rooms null when unset. */
export type FormValues = { [K in keyof PartitaValues]-?: K extends RoomKey ? Exclude<PartitaValues[K], undefined> : NonNullable<PartitaValues[K]> };

/** The form's values for any PartitaValues (empty text for missing fields). */
export function toFormValues(v: PartitaValues): FormValues {
  return {
    data: v.data ?? '',
    ora: v.ora ?? '',
    oraFine: v.oraFine ?? '',
    squadraCasa: v.squadraCasa ?? '',
    squadraTrasferta: v.squadraTrasferta ?? '',
    campo: v.campo ?? '',
    gruppo: v.gruppo ?? '',
    isHouseMatch: !!v.isHouseMatch,
    spogliatoioGari: v.spogliatoioGari ?? null,
    spogliatoioOspiti: v.spogliatoioOspiti ?? null,
    terreno: v.terreno ?? '',
    tipoGara: v.tipoGara ?? '',
  };
}

export const EMPTY_VALUES: FormValues = toFormValues({});

const L = MSG.match.labels;
const ROOMS = Array.from({ length: SPOGLIATOIO_MAX - SPOGLIATOIO_MIN + 1 }, (_, i) => SPOGLIATOIO_MIN + i);

interface Props {
  mode: FormMode;
  title: string;
  initial: FormValues;
  /** Saving, deleting or done: every input and button is disabled. */
  busy: boolean;
  saveLabel: string;
  busyLabel: string;
  onSave: (payload: SavePayload) => void;
  onCancel: () => void;
  /** The match being edited (left out of its own clash check). */
  matchId?: number;
  /** Clashes the server answered to the last save (409): the dialog asks again. */
  serverConflicts?: ClashInfo[] | null;
  onConflictsClose?: () => void;
  /** Extra buttons (delete on the edit screen). */
  actions?: ReactNode;
  /** Add form: 'Salva e aggiungi un'altra' (docs/planning.md), the same checks as a save. */
  onSaveAnother?: (payload: SavePayload) => void;
  /** The add form: the first empty field (date, start, home team) takes the focus when the form opens. */
  focusFirstEmpty?: boolean;
  /** 'Trova uno slot' by the date and times (docs/allenamenti.md): the edit form offers it. */
  slotFinder?: boolean;
  /** Shown over the fields (the edit form opened with a chosen slot's values). */
  notice?: ReactNode;
  /** More of the form under the match's fields, saved by the same button (the edit screen's designations). */
  children?: ReactNode;
  /** Something in `children` cannot be saved as it is (its own warning says why): the save waits. */
  blocked?: boolean;
  /** Whether the values differ from `initial` (the page's unsaved-changes guard, docs/screens.md); false again when the form goes. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The slot finder's durations (minutes) the server takes. */
const SLOT_MIN_MINUTES = 30;
const SLOT_MAX_MINUTES = 240;

/** The add/edit form (docs/partite.md): Italian pickers, suggestions, home fields, the shared validation rules. */
export function MatchForm({
  mode,
  title,
  initial,
  busy,
  saveLabel,
  busyLabel,
  onSave,
  onCancel,
  actions,
  matchId,
  serverConflicts,
  onConflictsClose,
  onSaveAnother,
  focusFirstEmpty = false,
  slotFinder = false,
  notice,
  children,
  blocked = false,
  onDirtyChange,
}: Props) {
  const [v, setV] = useState<FormValues>(initial);
  // The add form's keyboard flow (docs/planning.md): a date typed in full moves on to the start time, a
  // start typed in full to the first empty team or pitch.
  const latest = useRef(v);
  latest.current = v;
  const cells = { ora: useRef<HTMLDivElement>(null), squadraCasa: useRef<HTMLDivElement>(null), squadraTrasferta: useRef<HTMLDivElement>(null), campo: useRef<HTMLDivElement>(null) };
  const dateTyped = useTypedThrough(4, () => {
    if (focusFirstEmpty && !latest.current.ora) focusIn(cells.ora.current);
  });
  const timeTyped = useTypedThrough(2, () => {
    if (!focusFirstEmpty) return;
    const next = (['squadraCasa', 'squadraTrasferta', 'campo'] as const).find((k) => !latest.current[k].trim());
    if (next) focusIn(cells[next].current);
  });
  const dirty = !sameValues(v, initial);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [onDirtyChange, dirty]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  // docs/planning.md: a home match's end is proposed from the category's usual length until the editor sets it.
  // (A duplicated match whose end was the proposed one keeps following its start.)
  const endProposed = useRef(!initial.oraFine || initial.oraFine === proposedEndTime(initial.ora, initial.gruppo));
  // docs/planning.md: where the typing starts (a new form: the date; the next match of the day: its time).
  const [firstEmpty] = useState<'data' | 'ora' | 'squadraCasa' | null>(() =>
    !focusFirstEmpty ? null : !initial.data ? 'data' : !initial.ora ? 'ora' : !initial.squadraCasa ? 'squadraCasa' : null,
  );
  // Which save the clash dialog confirms: the plain one or 'save and add another'.
  const saveKind = useRef<'save' | 'another'>('save');
  const [touched, setTouched] = useState(false);
  const { names: categorie, loaded: categoriesLoaded } = useCategoryNames();
  const [loadSquadre, squadre] = useLazyGetSquadreSuggestionsQuery();
  const [loadCampi, campi] = useLazyGetCampiSuggestionsQuery();
  const { clubName, timezone } = useClubConfig();
  const today = todayIn(timezone);
  const error = validatePartita(v, { mode, today, clubName, timezone });
  const home = effectiveHome(v, clubName);
  // Clashes under the fields; saving with clashes asks first (docs/occupazione.md).
  const { clashes, current: clashesCurrent, avviso } = useClashCheck(v, matchId, clubName);
  const [asking, setAsking] = useState<ClashInfo[] | null>(null);
  const dialogClashes = asking ?? serverConflicts ?? null;
  const closeDialog = () => {
    setAsking(null);
    onConflictsClose?.();
  };

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setTouched(true);
    if (key === 'oraFine') endProposed.current = false;
    setV((prev) => {
      const next = { ...prev, [key]: value };
      // The club's name in the home team makes it a home match (docs/partite.md, home or away).
      if (key === 'squadraCasa' && isHomeTeam(value as string, clubName)) next.isHouseMatch = true;
      if (endProposed.current) next.oraFine = proposedEndTime(next.ora, next.gruppo) ?? next.oraFine;
      return next;
    });
  };
  // 'Trova uno slot': the category and home/away as the form has them, the length of its times when
  // they make one (else the match's stored length or the category's usual one), from its date.
  const slotQuery = useMemo<SlotLiberiArgs>(() => {
    const length = home && isTime(v.ora) && isTime(v.oraFine) ? minutesOf(v.oraFine) - minutesOf(v.ora) : null;
    return {
      gruppo: v.gruppo,
      casa: home,
      ...(length !== null && length >= SLOT_MIN_MINUTES && length <= SLOT_MAX_MINUTES ? { durata: length } : {}),
      // An away match keeps its pitch (the server proposes times there); a home one may go to any.
      ...(!home && v.campo.trim() ? { campo: v.campo.trim() } : {}),
      ...(matchId !== undefined ? { partita: matchId } : {}),
      ...(initial.data ? { dal: initial.data } : {}),
    };
  }, [v.gruppo, v.ora, v.oraFine, v.campo, home, matchId, initial.data]);
  /** A chosen slot: its date and times; a home match also its pitch and rooms (the club's first). */
  const chooseSlot = (slot: Slot) => {
    setTouched(true);
    if (home) endProposed.current = slot.oraFine === proposedEndTime(slot.ora, v.gruppo);
    setV((prev) => ({
      ...prev,
      data: slot.data,
      ora: slot.ora,
      oraFine: slot.oraFine,
      ...(home
        ? { campo: slot.campo || prev.campo, spogliatoioGari: slot.spogliatoi[0] ?? null, spogliatoioOspiti: slot.spogliatoi[1] ?? null }
        : {}),
    }));
  };

  const submit = (kind: 'save' | 'another') => {
    if (error || busy || blocked) return;
    saveKind.current = kind;
    const send = kind === 'another' && onSaveAnother ? onSaveAnother : onSave;
    // Clashes of values changed since the last check are not asked about: the server checks the save
    // again and answers its own list (409), which the same dialog shows.
    if (clashes.length > 0 && clashesCurrent) setAsking(clashes);
    else send(toPayload(v, clubName));
  };
  const room = (key: 'spogliatoioGari' | 'spogliatoioOspiti', label: string) => (
    <TextField
      select
      fullWidth
      label={label}
      value={v[key] ?? ''}
      disabled={busy}
      onChange={(e) => set(key, e.target.value === '' ? null : Number(e.target.value))}
      helperText={MSG.match.roomsRange}
    >
      <MenuItem value="">{MSG.match.none}</MenuItem>
      {ROOMS.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <PickersProvider>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit('save');
          }}
        >
          {notice && <Box sx={{ mb: 2 }}>{notice}</Box>}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }} {...dateTyped}>
              <DatePicker
                label={L.data}
                autoFocus={firstEmpty === 'data'}
                value={v.data ? dayjs(v.data) : null}
                minDate={dayjs(today)}
                disabled={busy}
                onChange={(d) => set('data', d && d.isValid() ? d.format('YYYY-MM-DD') : '')}
                slotProps={{ textField: { fullWidth: true, required: true, name: 'data' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }} ref={cells.ora} {...timeTyped}>
              <TimePicker
                label={L.ora}
                autoFocus={firstEmpty === 'ora'}
                ampm={false}
                value={v.ora ? dayjs(`2000-01-01T${v.ora}`) : null}
                disabled={busy}
                onChange={(d) => set('ora', d && d.isValid() ? d.format('HH:mm') : '')}
                slotProps={{ textField: { fullWidth: true, required: true, name: 'ora' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormControlLabel
                control={<Switch checked={home} disabled={busy || isHomeTeam(v.squadraCasa, clubName)} onChange={(e) => set('isHouseMatch', e.target.checked)} />}
                label={MSG.match.homeMatch}
              />
            </Grid>
            {slotFinder && (
              <Grid size={12}>
                <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <SlotFinder query={slotQuery} onChoose={chooseSlot} disabled={busy || !v.gruppo} />
                  {!v.gruppo && (
                    <Typography variant="body2" color="text.secondary">
                      {SLOT_MSG.needsGruppo}
                    </Typography>
                  )}
                </Stack>
              </Grid>
            )}
            <Grid size={{ xs: 12, md: 6 }} ref={cells.squadraCasa}>
              <SuggestionInput autoFocus={firstEmpty === 'squadraCasa'} label={L.squadraCasa} required value={v.squadraCasa} onChange={(x) => set('squadraCasa', x)} load={(s) => void loadSquadre(s, true)} suggestions={squadre.data} disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} ref={cells.squadraTrasferta}>
              <SuggestionInput label={L.squadraTrasferta} required value={v.squadraTrasferta} onChange={(x) => set('squadraTrasferta', x)} load={(s) => void loadSquadre(s, true)} suggestions={squadre.data} disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} ref={cells.campo}>
              <SuggestionInput selectOnFocus={focusFirstEmpty} label={L.campo} required value={v.campo} onChange={(x) => set('campo', x)} load={(s) => void loadCampi(s, true)} suggestions={campi.data} disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                select
                fullWidth
                required
                label={L.gruppo}
                value={categorie.includes(v.gruppo) || !v.gruppo ? v.gruppo : ''}
                disabled={busy}
                onChange={(e) => set('gruppo', e.target.value)}
                helperText={categoriesLoaded && categorie.length === 0 ? <Link component={RouterLink} to={paths.groups.getHref()}>{MSG.groups.noCategoriesForMatch}</Link> : undefined}
              >
                {categorie.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField select fullWidth required label={L.tipoGara} value={v.tipoGara} disabled={busy} onChange={(e) => set('tipoGara', e.target.value)}>
                {TIPI_GARA.map((t) => (
                  <MenuItem key={t} value={t}>
                    {MSG.match.tipoGara[t]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField select fullWidth label={MSG.match.terreno} value={v.terreno} disabled={busy} onChange={(e) => set('terreno', e.target.value)}>
                <MenuItem value="">{MSG.match.none}</MenuItem>
                {TERRENI.map((t) => (
                  <MenuItem key={t} value={t}>
                    {MSG.match.terrenoLabel[t]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {home && (
              <>
                <Grid size={{ xs: 12, md: 4 }}>
                  <TimePicker
                    label={L.oraFine}
                    ampm={false}
                    value={v.oraFine ? dayjs(`2000-01-01T${v.oraFine}`) : null}
                    disabled={busy}
                    onChange={(d) => set('oraFine', d && d.isValid() ? d.format('HH:mm') : '')}
                    slotProps={{
                      textField: {
                        fullWidth: true,
                        required: true,
                        name: 'oraFine',
                        helperText: endProposed.current && v.oraFine && v.gruppo ? MSG.match.endProposed(defaultDurationMinutes(v.gruppo)) : undefined,
                      },
                    }}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>{room('spogliatoioGari', MSG.match.roomClub)}</Grid>
                <Grid size={{ xs: 12, md: 4 }}>{room('spogliatoioOspiti', MSG.match.roomGuests)}</Grid>
              </>
            )}
          </Grid>
          {children}
          <ClosureWarning avviso={avviso} />
          <ClashList clashes={clashes} />
          {touched && error && (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="form-error">
              {error}
            </Alert>
          )}
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {actions}
            <Button onClick={onCancel} disabled={busy}>
              {MSG.match.cancel}
            </Button>
            {onSaveAnother && (
              <Button variant="outlined" disabled={!!error || busy} onClick={() => submit('another')}>
                {MSG.match.saveAndAddAnother}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={!!error || busy || blocked}>
              {busy ? busyLabel : error ? MSG.match.completeFields : saveLabel}
            </Button>
          </Stack>
        </form>
        <ClashDialog
          clashes={dialogClashes}
          // Only officials' clashes (the save's designations, docs/dirigenti.md): the dialog says so.
          intro={dialogClashes?.length && dialogClashes.every((c) => c.motivo === 'persona') ? DIRIGENTI_MSG.conflictIntro : undefined}
          onClose={closeDialog}
          onConfirm={() => {
            closeDialog();
            const send = saveKind.current === 'another' && onSaveAnother ? onSaveAnother : onSave;
            send({ ...toPayload(v, clubName), confermaSovrapposizioni: true });
          }}
        />
      </Paper>
    </PickersProvider>
  );
}
