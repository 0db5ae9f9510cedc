import type { PartitaValues } from '../../../common/matches/rules';

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

