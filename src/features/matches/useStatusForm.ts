import { useState } from 'react';
import type { AzioneStato } from '../../../common/status/rules';
import type { Partita } from '../../../common/matches/read';
import { statoRequestSchema } from '../../../common/status/schema';
import type { ClashInfo } from '../../../common/occupancy/rules';
import type { Slot } from '../../../common/occupancy/slots';
import { errorMessage } from '../../api/api';
import { useCambiaStatoMutation } from './statusApi';
import { clashesOf, slotFields } from './statusValues';

export interface StatusFormInput {
  azione: AzioneStato;
  ids: number[];
  partite: Partita[];
  today: string;
  onDone: (operazione: string, aggiornate: number, moved?: { id: number }) => void;
}

/**
 * The state of a bulk status dialog: the reason, the new date or the days, the slot chosen for one
 * postponed match, the errors (the server's own schema checks before sending) and the clashes a 409
 * answered, which the next submit confirms (docs/occupancy.md).
 */
export function useStatusForm({ azione, ids, partite, today, onDone }: StatusFormInput) {
  const [motivo, setMotivo] = useState('');
  const [nuovaData, setNuovaData] = useState('');
  const [giorni, setGiorni] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [clashes, setClashes] = useState<ClashInfo[] | null>(null);
  const [cambia, { isLoading }] = useCambiaStatoMutation();
  // 'Trova uno slot' (docs/trainings.md) when one match is postponed: the slot chosen, while the date is still its;
  // the postponement applies the whole of it (date, start, end, pitch, rooms: docs/matches.md, status).
  const [slot, setSlot] = useState<Slot | null>(null);
  const single = azione === 'rinvia' && ids.length === 1 ? partite.find((p) => p.id === ids[0]) : undefined;
  const chosen = slot && slot.data === nuovaData ? slot : null;

  const submit = async () => {
    setServerError('');
    const body = {
      ids,
      azione,
      motivo: motivo.trim() || null,
      ...(azione === 'rinvia' ? { nuovaData: nuovaData || null } : {}),
      ...(single && chosen ? slotFields(chosen) : {}),
      ...(azione === 'sposta' ? { giorni: giorni.trim() === '' ? null : Number(giorni) } : {}),
      ...(clashes ? { confermaSovrapposizioni: true } : {}),
    };
    // The server's own schema, so the form shows its rules and messages before sending.
    const parsed = statoRequestSchema(today).safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      const result = await cambia(body).unwrap();
      onDone(result.operazione, result.aggiornate, single && chosen ? { id: single.id } : undefined);
    } catch (err) {
      setClashes(clashesOf(err));
      setServerError(errorMessage(err));
    }
  };
  // A changed date or number of days is another move: its clashes are checked again.
  const change = (set: (v: string) => void) => (v: string) => {
    setClashes(null);
    set(v);
  };

  return {
    motivo,
    setMotivo,
    nuovaData,
    setNuovaData: change(setNuovaData),
    giorni,
    setGiorni: change(setGiorni),
    chooseSlot: (s: Slot) => {
      setSlot(s);
      change(setNuovaData)(s.data);
    },
    single,
    chosen,
    errors,
    serverError,
    clashes,
    isLoading,
    // Typed and not yet applied: closing asks first (docs/screens.md).
    dirty: motivo !== '' || nuovaData !== '' || giorni !== '',
    submit,
  };
}
