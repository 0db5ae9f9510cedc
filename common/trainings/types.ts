// Response types of /api/allenamenti and /api/slot-liberi: they type the routes and the SPA's endpoints.
import type { Allenamento } from './rules';
import type { Partita } from '../matches/read';
import type { SlotDay } from '../occupancy/slots';

export interface AllenamentiResponse {
  data: Allenamento[];
  count: number;
}

export interface AllenamentoResponse {
  data: Allenamento;
}

/** One clash of a series save (409 `conflitti`): with another series, or with a match. */
export interface AllenamentoConflitto {
  id: number;
  motivo: 'allenamento' | 'campo' | 'spogliatoio' | 'squadra';
  messaggio: string;
  /** The first date the two meet. */
  data: string;
  allenamento?: Allenamento;
  partita?: Partita;
}

/** GET /api/slot-liberi: the days with free slots, by date, each with its earliest slot per pitch and 'Altri orari' (common/occupancy/slots.ts). */
export interface SlotLiberiResponse {
  data: SlotDay[];
}
