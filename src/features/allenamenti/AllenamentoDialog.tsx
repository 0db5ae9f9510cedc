import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { ALLENAMENTI_MSG, GIORNI } from '../../../common/allenamenti/messages';
import {
  allenamentoPayloadSchema,
  describeAllenamento,
  giornoLabel,
  occurrencesOf,
  weekdayOf,
  type Allenamento,
  type AllenamentoPayload,
} from '../../../common/allenamenti/rules';
import { isIsoDate } from '../../../common/core/dateText';
import { isTime, todayIn } from '../../../common/core/dates';
import { SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../../../common/partite/read';
import { errorMessage } from '../../api/api';
import { useCategoryNames } from '../../api/categoriesApi';
import { useLazyGetCampiSuggestionsQuery } from '../../api/suggestionsApi';
import { ClashConfirmDialog } from '../../components/ClashConfirmDialog';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { PickersProvider } from '../../components/PickersProvider';
import { SuggestionInput } from '../../components/SuggestionInput';
import { useNotify } from '../../components/toast';
import { paths } from '../../config/paths';
import { useClubConfig } from '../../store/useClubConfig';
import { useCreateAllenamentoMutation, useDeleteAllenamentoMutation, useUpdateAllenamentoMutation, type AllenamentoBody } from './allenamentiApi';
import { type AllenamentoConflitto } from '../../../common/allenamenti/types';
import { PROPOSED_MINUTES, addMinutes, formatDate, newSeries, toRaw, type FormValues } from './grid';
import { FormDialog, useReportDirty, type FormDialogControls } from '../../components/FormDialog';
import { sameValues } from '../../components/UnsavedChanges';

const M = ALLENAMENTI_MSG;
const F = M.fields;
const ROOMS = Array.from({ length: SPOGLIATOIO_MAX - SPOGLIATOIO_MIN + 1 }, (_, i) => SPOGLIATOIO_MIN + i);
const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase('it') + s.slice(1);
const iso = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : '');
const hhmm = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('HH:mm') : '');
const timeValue = (t: string) => (isTime(t) ? dayjs(`2000-01-01T${t}`) : null);
const dateValue = (d: string) => (isIsoDate(d) ? dayjs(d) : null);
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

/** Create and edit form of a weekly training series (docs/allenamenti.md), with its clash confirmation and delete. */
export default function AllenamentoDialog({ open, formKey = 0, allenamento = null, preset, campi = [], onClose }: AllenamentoDialogProps) {
  // While saving or asking (clashes, delete) Escape does not close the form.
  return (
    <FormDialog open={open} onClose={onClose} titleId="allenamento-form-title" maxWidth="md">
      {(busy, controls) => (
      <PickersProvider>
        <AllenamentoForm key={formKey} allenamento={allenamento} preset={preset} campi={campi} onClose={onClose} busy={busy} controls={controls} />
      </PickersProvider>
      )}
    </FormDialog>
  );
}

interface FormProps {
  allenamento: Allenamento | null;
  preset?: Partial<AllenamentoPayload>;
  campi: readonly string[];
  onClose: () => void;
  busy: RefObject<boolean>;
  controls: FormDialogControls;
}

type SaveKind = 'save' | 'another';

function AllenamentoForm({ allenamento, preset, campi, onClose, busy, controls }: FormProps) {
  const notify = useNotify();
  const { timezone } = useClubConfig();
  const [v, setV] = useState<FormValues>(() => (allenamento ? fromSeries(allenamento) : newSeries(todayIn(timezone), preset)));
  // Fields changed by the editor: their problems show in red (a new form does not open all red).
  const [touched, setTouched] = useState<ReadonlySet<keyof FormValues>>(new Set());
  // The end follows the start (+90 minutes) until the editor sets it.
  const endProposed = useRef(!allenamento && !v.oraFine);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<{ list: AllenamentoConflitto[]; body: AllenamentoPayload; kind: SaveKind } | null>(null);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [savedAnother, setSavedAnother] = useState<string | null>(null);
  const [skipDraft, setSkipDraft] = useState('');
  /** 'fino al': the end of a range of dates to skip (every date of the series' weekday from skipDraft to it). */
  const [skipTo, setSkipTo] = useState('');
  const [skipError, setSkipError] = useState<string | null>(null);
  const [focusDay, setFocusDay] = useState(0);
  // Where the typing starts, decided once (MUI's Select focuses whenever autoFocus turns true): the first empty field.
  const [firstEmpty] = useState<'gruppo' | 'campo' | 'giorno' | null>(() =>
    allenamento ? null : !v.gruppo ? 'gruppo' : !v.campo ? 'campo' : v.giorno === null ? 'giorno' : null,
  );
  const dayField = useRef<HTMLDivElement>(null);
  // What the form opened with (or was left with by 'save and add another'): anything else asks before closing.
  const [baseline, setBaseline] = useState<FormValues>(v);
  useReportDirty(controls, !sameValues(v, baseline) || skipDraft !== '');

  const [createAllenamento] = useCreateAllenamentoMutation();
  const [updateAllenamento] = useUpdateAllenamentoMutation();
  const [deleteAllenamento] = useDeleteAllenamentoMutation();
  const { names: categorie, loaded: categoriesLoaded } = useCategoryNames();
  const [loadCampi, campiFound] = useLazyGetCampiSuggestionsQuery();
  const gruppi = useMemo(() => (v.gruppo && !categorie.includes(v.gruppo) ? [v.gruppo, ...categorie] : categorie), [categorie, v.gruppo]);

  const disabled = saving || deleting;
  useEffect(() => {
    busy.current = disabled || conflicts !== null || asking;
  }, [busy, disabled, conflicts, asking]);
  useEffect(() => {
    if (focusDay > 0) dayField.current?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
  }, [focusDay]);

  // Live check with the server's own schema: the first problem in words, the save waits until none.
  const parsed = allenamentoPayloadSchema.safeParse(toRaw(v));
  const issues = parsed.success ? [] : parsed.error.issues;
  const problem = issues[0]?.message ?? null;
  const wrong = (key: keyof FormValues) => touched.has(key) && issues.some((i) => i.path[0] === key);
  const occurrences =
    v.giorno !== null && isIsoDate(v.dal) && isIsoDate(v.al) && v.dal <= v.al ? occurrencesOf({ giorno: v.giorno, dal: v.dal, al: v.al, saltate: v.saltate }, v.dal, v.al).length : null;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setTouched((t) => new Set(t).add(key));
    setServerError(null);
    setSavedAnother(null);
    if (key === 'oraFine') endProposed.current = false;
    setV((prev) => {
      const next = { ...prev, [key]: value };
      if (key === 'oraInizio' && endProposed.current) next.oraFine = isTime(value) ? addMinutes(value as string, PROPOSED_MINUTES) : '';
      return next;
    });
  };

  const toggleRoom = (n: number) => set('spogliatoi', v.spogliatoi.includes(n) ? v.spogliatoi.filter((r) => r !== n) : [...v.spogliatoi, n].sort((a, b) => a - b));

  const addSkip = (date: string, to: string = skipTo) => {
    if (!isIsoDate(date)) return setSkipError(M.invalid.data);
    if (to) {
      // A range: every date the series trains on from one to the other (docs/allenamenti.md).
      if (!isIsoDate(to)) return setSkipError(M.invalid.data);
      if (to < date) return setSkipError(M.invalid.periodo);
      if (v.giorno === null) return setSkipError(M.invalid.saltate);
      const dates = occurrencesOf({ giorno: v.giorno, dal: v.dal, al: v.al, saltate: [] }, date, to);
      if (dates.length === 0) return setSkipError(M.skipNotInPeriod(giornoLabel(v.giorno)));
      const added = dates.filter((d) => !v.saltate.includes(d));
      if (added.length === 0) return setSkipError(M.skipDuplicate);
      setSkipError(null);
      setSkipDraft('');
      setSkipTo('');
      set('saltate', [...v.saltate, ...added].sort());
      return;
    }
    const inPeriod = date >= v.dal && date <= v.al && (v.giorno === null || weekdayOf(date) === v.giorno);
    if (!inPeriod) return setSkipError(v.giorno === null ? M.invalid.saltate : M.skipNotInPeriod(giornoLabel(v.giorno)));
    if (v.saltate.includes(date)) return setSkipError(M.skipDuplicate);
    setSkipError(null);
    setSkipDraft('');
    set('saltate', [...v.saltate, date].sort());
  };

  const save = async (kind: SaveKind, body: AllenamentoPayload, confirm = false) => {
    const sent: AllenamentoBody = confirm ? { ...body, confermaSovrapposizioni: true } : body;
    setSaving(true);
    setServerError(null);
    try {
      const saved = allenamento ? await updateAllenamento({ id: allenamento.id, body: sent }).unwrap() : await createAllenamento(sent).unwrap();
      notify(allenamento ? M.updated : M.created, 'success');
      setSaving(false);
      if (kind === 'save' || allenamento) return onClose();
      // Quick repeat entry: the next series of the same category, pitch and period; the day is chosen again.
      const next = { ...v, giorno: null, saltate: [] };
      setV(next);
      setBaseline(next);
      setTouched(new Set());
      setSkipDraft('');
      setSkipTo('');
      setSkipError(null);
      setSavedAnother(M.savedAnother(describeAllenamento(saved)));
      setFocusDay((n) => n + 1);
    } catch (err) {
      setSaving(false);
      const status = (err as { status?: unknown }).status;
      const conflitti = (err as { data?: { conflitti?: unknown } }).data?.conflitti;
      if (status === 409 && Array.isArray(conflitti) && conflitti.length > 0) {
        setConflicts({ list: conflitti as AllenamentoConflitto[], body, kind });
        return;
      }
      // 400/403/404 carry the server's Italian reason; anything else gets the operation's message.
      setServerError(status === 400 || status === 403 || status === 404 ? errorMessage(err) : `${M.saveError}: ${errorMessage(err)}`);
    }
  };

  const submit = (kind: SaveKind) => {
    if (!parsed.success || disabled) return;
    void save(kind, parsed.data);
  };

  const remove = async () => {
    if (!allenamento) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteAllenamento(allenamento.id).unwrap();
      notify(M.deleted, 'success');
      setAsking(false);
      onClose();
    } catch (err) {
      setDeleting(false);
      const status = (err as { status?: unknown }).status;
      setDeleteError(status === 403 || status === 404 ? errorMessage(err) : `${M.deleteError}: ${errorMessage(err)}`);
    }
  };

  const close = () => {
    if (!disabled) controls.requestClose();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit('save');
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <DialogTitle id="allenamento-form-title">{allenamento ? M.edit : M.add}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {savedAnother && <Alert severity="success">{savedAnother}</Alert>}
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                required
                autoFocus={firstEmpty === 'gruppo'}
                label={F.gruppo}
                value={v.gruppo}
                error={wrong('gruppo')}
                disabled={disabled}
                onChange={(e) => set('gruppo', e.target.value)}
                helperText={
                  categoriesLoaded && gruppi.length === 0 ? (
                    <Link component={RouterLink} to={paths.groups.getHref()}>
                      {M.noCategories}
                    </Link>
                  ) : undefined
                }
              >
                {gruppi.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {/* Any name may be typed; the dropdown offers the series' pitches, then those of the matches (GET /api/campi/suggestions). */}
              <SuggestionInput
                label={F.campo}
                required
                value={v.campo}
                onChange={(x) => set('campo', x)}
                load={(s) => void loadCampi(s, true)}
                suggestions={campiFound.data}
                known={campi}
                error={wrong('campo')}
                disabled={disabled}
                autoFocus={firstEmpty === 'campo'}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                ref={dayField}
                select
                fullWidth
                required
                autoFocus={firstEmpty === 'giorno'}
                label={F.giorno}
                value={v.giorno ?? ''}
                error={wrong('giorno')}
                disabled={disabled}
                onChange={(e) => set('giorno', e.target.value === '' ? null : Number(e.target.value))}
              >
                {GIORNI.map((g, i) => (
                  <MenuItem key={g} value={i + 1}>
                    {capitalized(g)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <TimePicker
                label={F.oraInizio}
                ampm={false}
                value={timeValue(v.oraInizio)}
                disabled={disabled}
                onChange={(d) => set('oraInizio', hhmm(d))}
                slotProps={{ textField: { fullWidth: true, required: true, name: 'oraInizio', error: wrong('oraInizio') } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <TimePicker
                label={F.oraFine}
                ampm={false}
                value={timeValue(v.oraFine)}
                disabled={disabled}
                onChange={(d) => set('oraFine', hhmm(d))}
                slotProps={{
                  textField: {
                    fullWidth: true,
                    required: true,
                    name: 'oraFine',
                    error: wrong('oraFine'),
                    helperText: endProposed.current && v.oraFine ? M.endProposed(PROPOSED_MINUTES) : undefined,
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <DatePicker
                label={F.dal}
                value={dateValue(v.dal)}
                disabled={disabled}
                onChange={(d) => set('dal', iso(d))}
                slotProps={{ textField: { fullWidth: true, required: true, name: 'dal', error: wrong('dal') } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <DatePicker
                label={F.al}
                value={dateValue(v.al)}
                minDate={dateValue(v.dal) ?? undefined}
                disabled={disabled}
                onChange={(d) => set('al', iso(d))}
                slotProps={{ textField: { fullWidth: true, required: true, name: 'al', error: wrong('al') } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
              {occurrences !== null && (
                <Typography variant="body2" color="text.secondary" data-testid="allenamento-occurrences">
                  {M.occurrences(occurrences)}
                </Typography>
              )}
            </Grid>
          </Grid>

          <Box role="group" aria-labelledby="allenamento-rooms-label">
            <Typography id="allenamento-rooms-label" variant="subtitle2" component="h3">
              {F.spogliatoi}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              {M.roomsHint}
            </Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              {ROOMS.map((n) => {
                const on = v.spogliatoi.includes(n);
                return (
                  <Chip
                    key={n}
                    label={n}
                    aria-label={M.room(n)}
                    aria-pressed={on}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    disabled={disabled}
                    onClick={() => toggleRoom(n)}
                    sx={{ minWidth: 44, fontWeight: on ? 700 : 400 }}
                  />
                );
              })}
            </Stack>
          </Box>

          <Box role="group" aria-labelledby="allenamento-saltate-label">
            <Typography id="allenamento-saltate-label" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {F.saltate}
            </Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
              <SkipDateField
                label={M.skipDate}
                name="saltata"
                value={skipDraft}
                min={v.dal}
                max={v.al}
                giorno={v.giorno}
                disabled={disabled}
                error={skipError}
                onChange={(d) => {
                  setSkipDraft(d);
                  setSkipError(null);
                }}
                // A day picked in the calendar is added at once; a typed one with 'Aggiungi data' (or Enter).
                onPicked={(d) => {
                  if (!skipTo) addSkip(d, '');
                }}
                onEnter={() => addSkip(skipDraft)}
              />
              <SkipDateField
                label={M.skipTo}
                name="saltataAl"
                value={skipTo}
                min={skipDraft || v.dal}
                max={v.al}
                giorno={v.giorno}
                disabled={disabled}
                helperText={M.skipToHint}
                onChange={(d) => {
                  setSkipTo(d);
                  setSkipError(null);
                }}
                // With the first date already there, a day picked in the calendar adds the range at once.
                onPicked={(d) => {
                  if (skipDraft) addSkip(skipDraft, d);
                }}
                onEnter={() => addSkip(skipDraft)}
              />
              <Button variant="outlined" onClick={() => addSkip(skipDraft)} disabled={disabled || !skipDraft} sx={{ mt: 0.25 }}>
                {skipTo ? M.addSkipRange : M.addSkip}
              </Button>
            </Stack>
            {v.saltate.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {M.noSkips}
              </Typography>
            ) : (
              <Box component="ul" aria-labelledby="allenamento-saltate-label" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {v.saltate.map((d) => (
                  <Box
                    component="li"
                    key={d}
                    data-testid="allenamento-saltata"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1.5, border: 1, borderColor: 'divider', borderRadius: 4 }}
                  >
                    <Typography variant="body2">
                      {capitalized(giornoLabel(weekdayOf(d)))} {formatDate(d)}
                    </Typography>
                    <IconButton size="small" aria-label={M.removeSkip(formatDate(d))} disabled={disabled} onClick={() => set('saltate', v.saltate.filter((x) => x !== d))}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Box>
            )}
          </Box>

          {problem && (touched.size > 0 || allenamento) && (
            <Alert severity="warning" role="status" data-testid="allenamento-problem">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {allenamento && (
          <Button color="error" startIcon={<DeleteOutlineIcon />} disabled={disabled} onClick={() => setAsking(true)} sx={{ mr: 'auto' }}>
            {M.delete}
          </Button>
        )}
        <Button onClick={close} disabled={disabled}>
          {M.cancel}
        </Button>
        {!allenamento && (
          <Button variant="outlined" disabled={!parsed.success || disabled} onClick={() => submit('another')}>
            {M.saveAndAddAnother}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={!parsed.success || disabled} startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          {saving ? M.saving : M.save}
        </Button>
      </DialogActions>

      <ClashDialog
        conflicts={conflicts?.list ?? null}
        onClose={() => setConflicts(null)}
        onConfirm={() => {
          if (!conflicts) return;
          const { body, kind } = conflicts;
          setConflicts(null);
          void save(kind, body, true);
        }}
      />

      {allenamento && (
        <ConfirmDeleteDialog
          open={asking}
          titleId="allenamento-delete-title"
          title={M.deleteTitle}
          text={M.deleteText(describeAllenamento(allenamento), M.period(formatDate(allenamento.dal), formatDate(allenamento.al)))}
          error={deleteError}
          busy={deleting}
          cancelLabel={M.cancel}
          confirmLabel={M.deleteConfirm}
          busyLabel={M.deleting}
          onCancel={() => setAsking(false)}
          onConfirm={() => void remove()}
        />
      )}
    </Box>
  );
}

/** A save the server refused for clashes (409): each clash's sentence and when it first happens, then 'Salva comunque' or 'Annulla'. */
/**
 * A date of the series' weekday within its period, for the skipped dates ('Data da saltare' and
 * 'Fino al'): a day picked in the calendar is reported at once (`onPicked`), Enter adds instead of
 * saving the form (the pickers' own Enter submits it).
 */
function SkipDateField(props: {
  label: string;
  name: string;
  value: string;
  min: string;
  max: string;
  giorno: number | null;
  disabled: boolean;
  error?: string | null;
  helperText?: string;
  onChange: (iso: string) => void;
  onPicked: (iso: string) => void;
  onEnter: () => void;
}) {
  const { giorno } = props;
  return (
    <DatePicker
      label={props.label}
      value={dateValue(props.value)}
      minDate={dateValue(props.min) ?? undefined}
      maxDate={dateValue(props.max) ?? undefined}
      shouldDisableDate={(d) => giorno !== null && weekdayOf(d.format('YYYY-MM-DD')) !== giorno}
      disabled={props.disabled}
      onChange={(d) => props.onChange(iso(d))}
      onAccept={(d, context) => {
        if (context.source === 'view') props.onPicked(iso(d));
      }}
      slotProps={{
        textField: {
          size: 'small',
          name: props.name,
          error: !!props.error,
          helperText: props.error ?? props.helperText,
          sx: { width: 220 },
          onKeyDown: (e) => {
            if (e.key !== 'Enter') return;
            (e as typeof e & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
            e.preventDefault();
            props.onEnter();
          },
        },
      }}
    />
  );
}

function ClashDialog({ conflicts, onConfirm, onClose }: { conflicts: AllenamentoConflitto[] | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <ClashConfirmDialog
      open={conflicts !== null && conflicts.length > 0}
      titleId="allenamento-clash-title"
      title={M.clashTitle}
      intro={M.clashIntro}
      cancelLabel={M.cancel}
      confirmLabel={M.clashConfirm}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="allenamento-clashes">
        {(conflicts ?? []).map((c) => (
          <li key={`${c.motivo}-${c.id}-${c.data}`}>
            <span>{c.messaggio}</span> ({c.motivo === 'allenamento' ? M.clashFrom(formatDate(c.data)) : M.clashOn(formatDate(c.data))})
            {c.motivo !== 'allenamento' && (
              <>
                {' '}
                <Link component={RouterLink} to={paths.editMatch.getHref(String(c.id))} target="_blank" rel="noopener">
                  {M.openMatch}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </ClashConfirmDialog>
  );
}
