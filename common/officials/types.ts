// Response types of /api/dirigenti, /api/partite/{id}/designazioni, /api/designazioni and
// /api/designazioni/scoperte: they type the routes and the SPA's endpoints (docs/officials.md).
import type { Dirigente, DesignazioniView, PersonaScoperte, Ruolo } from './rules';
import type { Partita } from '../matches/read';
import type { PartitaResponse } from '../matches/types';

/** GET /api/partite/{id}: the match, and its designations with names. */
export interface PartitaDesignazioniResponse extends PartitaResponse {
  designazioni: DesignazioniView;
}

export interface DirigentiResponse {
  data: Dirigente[];
  count: number;
}

export interface DirigenteResponse {
  data: Dirigente;
}

/** GET /api/dirigenti/{id}/calendario (editor+): the private feed's address; POST .../revoca gives a new one. */
export interface CalendarioDirigenteResponse {
  data: { url: string };
}

/** PUT /api/partite/{id}/designazioni and GET /api/partite/{id}: the match's designations with names. */
export interface DesignazioniResponse {
  data: DesignazioniView;
}

/** GET /api/designazioni?from=&to=: the designations of the matches of those days, by match id. */
export interface DesignazioniPeriodoResponse {
  data: Record<string, DesignazioniView>;
}

/** A clash of a designation (409 `conflitti`): the person is on another match at that time. */
export interface DesignazioneConflitto {
  id: number;
  motivo: 'persona';
  messaggio: string;
  dirigenteId: number;
}

/**
 * One coming match missing a required designation. `occupati`: the people of the answer's `persone` busy
 * elsewhere at its time (a person clash); the free ones for each missing role are `liberiPer` of
 * common/officials/rules.ts (qualified, not already in a role of the match kept apart from it, not busy).
 */
export interface PartitaScoperta {
  partita: Partita;
  designazioni: DesignazioniView;
  mancanti: Ruolo[];
  occupati: number[];
}

/**
 * GET /api/designazioni/scoperte[?giorni=7] (editor+): by date and time, from today through `fino`
 * (yyyy-mm-dd): by default the Sunday after next, else `giorni` days (common/officials/window.ts).
 * `persone`: each active person qualified for a role some match misses, once (by surname and name),
 * so the answer grows with the matches plus the people, not with their product.
 */
export interface ScoperteResponse {
  data: PartitaScoperta[];
  persone: PersonaScoperte[];
  count: number;
  fino: string;
}
