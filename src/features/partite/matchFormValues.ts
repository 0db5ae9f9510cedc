import dayjs from 'dayjs';
import type { PartitaValues } from '../../../common/partite/rules';

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

/** A picker's value as the form holds it ('' while not a whole date or time). */
export const isoDate = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : '');
export const hhmm = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('HH:mm') : '');
/** A time of the form as a picker's value. */
export const timeValue = (t: string) => (t ? dayjs(`2000-01-01T${t}`) : null);
