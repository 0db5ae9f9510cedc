import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { todayIn, isTime } from '../../../common/core/dates';
import { proposedEndTime } from '../../../common/calendar/rules';
import { isHomeTeam } from '../../../common/matches/read';
import { effectiveHome, partitaPayloadSchema, type FormMode, type PartitaPayload } from '../../../common/matches/rules';
import { minutesOf, type ClashInfo } from '../../../common/occupancy/rules';
import type { Slot } from '../../../common/occupancy/slots';
import type { SlotLiberiArgs } from '../../api/slotsApi';
import { schemaResolver, useSchemaCheck } from '../../components/form/schemaForm';
import { focusIn, useTypedThrough } from '../../components/typedThrough';
import { useClubConfig } from '../../store/useClubConfig';
import { useClashCheck } from './ClashWarnings';
import type { SavePayload } from './matchesApi';
import type { FormValues } from './matchFormValues';

/** The slot finder's durations (minutes) the server takes. */
const SLOT_MIN_MINUTES = 30;
const SLOT_MAX_MINUTES = 240;

type SaveKind = 'save' | 'another';

export interface MatchFormOptions {
  mode: FormMode;
  initial: FormValues;
  busy: boolean;
  blocked: boolean;
  matchId?: number;
  focusFirstEmpty: boolean;
  onSave: (payload: SavePayload) => void;
  onSaveAnother?: (payload: SavePayload) => void;
  serverConflicts?: ClashInfo[] | null;
  onConflictsClose?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The add/edit form's state (docs/matches.md) on react-hook-form, validated by the server's own schema
 * (partitaPayloadSchema): its dependent fields, the keyboard flow, the slot finder, the clash checks
 * and the two saves.
 */
export function useMatchForm({ mode, initial, busy, blocked, matchId, focusFirstEmpty, onSave, onSaveAnother, serverConflicts, onConflictsClose, onDirtyChange }: MatchFormOptions) {
  const { clubName, timezone } = useClubConfig();
  const today = todayIn(timezone);
  const schema = useMemo(() => partitaPayloadSchema({ mode, today, clubName, timezone }), [mode, today, clubName, timezone]);
  // No focus moves on a refused save: the button says what is missing, the warning names the problem.
  const form = useForm<FormValues, unknown, PartitaPayload>({ defaultValues: initial, resolver: schemaResolver(schema), shouldFocusError: false, reValidateMode: 'onSubmit' });
  const { control, getValues, setValue, subscribe, handleSubmit, formState } = form;
  const v = form.watch();

  const { isDirty } = formState;
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [onDirtyChange, isDirty]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // docs/planning.md: a home match's end is proposed from the category's usual length until the editor sets it.
  // (A duplicated match whose end was the proposed one keeps following its start.)
  const endProposed = useRef(!initial.oraFine || initial.oraFine === proposedEndTime(initial.ora, initial.gruppo));
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (!name) return;
          if (name === 'oraFine' && type === 'change') endProposed.current = false;
          const now = getValues();
          // The club's name in the home team makes it a home match (docs/matches.md, home or away).
          if (name === 'squadraCasa' && isHomeTeam(now.squadraCasa, clubName) && !now.isHouseMatch) setValue('isHouseMatch', true, { shouldDirty: true });
          const proposed = endProposed.current ? (proposedEndTime(now.ora, now.gruppo) ?? now.oraFine) : now.oraFine;
          if (proposed !== now.oraFine) setValue('oraFine', proposed, { shouldDirty: true });
        },
      }),
    [subscribe, getValues, setValue, clubName],
  );
  // The save button and the warning follow the values (the server's own rules), the warning once something changed.
  const check = useSchemaCheck(form, schema);

  // The add form's keyboard flow (docs/planning.md): a date typed in full moves on to the start time, a
  // start typed in full to the first empty team or pitch.
  const cells = { ora: useRef<HTMLDivElement>(null), squadraCasa: useRef<HTMLDivElement>(null), squadraTrasferta: useRef<HTMLDivElement>(null), campo: useRef<HTMLDivElement>(null) };
  const dateTyped = useTypedThrough(4, () => {
    if (focusFirstEmpty && !getValues('ora')) focusIn(cells.ora.current);
  });
  const timeTyped = useTypedThrough(2, () => {
    if (!focusFirstEmpty) return;
    const next = (['squadraCasa', 'squadraTrasferta', 'campo'] as const).find((k) => !getValues(k).trim());
    if (next) focusIn(cells[next].current);
  });
  // docs/planning.md: where the typing starts (a new form: the date; the next match of the day: its time).
  const [firstEmpty] = useState<'data' | 'ora' | 'squadraCasa' | null>(() =>
    !focusFirstEmpty ? null : !initial.data ? 'data' : !initial.ora ? 'ora' : !initial.squadraCasa ? 'squadraCasa' : null,
  );

  const home = effectiveHome(v, clubName);
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
    if (home) endProposed.current = slot.oraFine === proposedEndTime(slot.ora, v.gruppo);
    const chosen: Partial<FormValues> = {
      data: slot.data,
      ora: slot.ora,
      oraFine: slot.oraFine,
      ...(home ? { campo: slot.campo || v.campo, spogliatoioGari: slot.spogliatoi[0] ?? null, spogliatoioOspiti: slot.spogliatoi[1] ?? null } : {}),
    };
    for (const [key, value] of Object.entries(chosen) as [keyof FormValues, never][]) setValue(key, value, { shouldDirty: true });
  };

  // Clashes under the fields; saving with clashes asks first (docs/occupancy.md).
  const { clashes, current: clashesCurrent, avviso } = useClashCheck(v, matchId, clubName);
  const [asking, setAsking] = useState<ClashInfo[] | null>(null);
  // What the clash dialog confirms: the checked payload and which save sent it.
  const pending = useRef<{ payload: PartitaPayload; kind: SaveKind } | null>(null);
  const send = (payload: SavePayload, kind: SaveKind) => (kind === 'another' && onSaveAnother ? onSaveAnother : onSave)(payload);
  const submit = (kind: SaveKind) => (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (busy || blocked) return;
    void handleSubmit((payload) => {
      pending.current = { payload, kind };
      // Clashes of values changed since the last check are not asked about: the server checks the save
      // again and answers its own list (409), which the same dialog shows.
      if (clashes.length > 0 && clashesCurrent) setAsking(clashes);
      else send(payload, kind);
    })();
  };
  const closeDialog = () => {
    setAsking(null);
    onConflictsClose?.();
  };
  const confirm = () => {
    closeDialog();
    if (pending.current) send({ ...pending.current.payload, confermaSovrapposizioni: true }, pending.current.kind);
  };

  return {
    form,
    control,
    values: v,
    home,
    clubName,
    today,
    problem: check.problem,
    valid: check.valid,
    endProposed: endProposed.current,
    typing: { cells, dateTyped, timeTyped, firstEmpty },
    slotQuery,
    chooseSlot,
    clashes,
    avviso,
    dialogClashes: asking ?? serverConflicts ?? null,
    submit,
    confirm,
    closeDialog,
  };
}
