// Response types of /api/dirigenti, /api/partite/{id}/designazioni, /api/designazioni and
// /api/designazioni/scoperte: they type the routes and the SPA's endpoints (docs/dirigenti.md).
import type { Dirigente, DesignazioniView, Ruolo } from './rules';
import type { Partita } from '../partite/read';
import type { PartitaResponse } from '../partite/types';

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

/** One coming match missing a required designation, with the qualified people free at its time for each missing role. */
export interface PartitaScoperta {
  partita: Partita;
  designazioni: DesignazioniView;
  mancanti: Ruolo[];
  liberi: Partial<Record<Ruolo, Dirigente[]>>;
}

/**
 * GET /api/designazioni/scoperte[?giorni=7] (editor+): by date and time, from today through `fino`
 * (yyyy-mm-dd): by default the Sunday after next, else `giorni` days (common/dirigenti/window.ts).
 */
export interface ScoperteResponse {
  data: PartitaScoperta[];
  count: number;
  fino: string;
}
