import { api, listTag, listTags } from './api';
import type { Designazioni, DesignazioniView, Dirigente, PersonaScoperte, Qualifica, Ruolo } from '../../common/officials/rules';
import type { DesignazioniPeriodoResponse, DesignazioniResponse, DirigentiResponse, PartitaScoperta, ScoperteResponse } from '../../common/officials/types';
import { sanitizePartita } from '../../common/matches/read';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../common/officials/messages';

/** The body of PUT /api/partite/{id}/designazioni: every role, and the confirmation of the clashes the server listed (409). */
export type DesignazioniBody = Designazioni & { confermaSovrapposizioni?: boolean };

/** The ids of a match's designations as a PUT body takes them. */
export const idsOf = (d: DesignazioniView | undefined | null): Designazioni => ({
  arbitro: d?.arbitro?.id ?? null,
  accompagnatore: d?.accompagnatore?.id ?? null,
  addettoArbitro: d?.addettoArbitro?.id ?? null,
});

/** 'Mario Rossi' (the rules' fullName, without loading the rules). */
export const personName = (p: { nome: string; cognome: string }) => `${p.nome} ${p.cognome}`;

/** The roles in the order the screens list them. */
export const RUOLI_ORDER: readonly Ruolo[] = ['arbitro', 'accompagnatore', 'addettoArbitro'];

/** A card's line, 'Arbitro: Mario Rossi · Accompagnatore: Luca Bianchi' (the roles designated), or undefined. */
export function designazioniLine(d: DesignazioniView | undefined): string | undefined {
  if (!d) return undefined;
  const parts = RUOLI_ORDER.flatMap((r) => {
    const p = d[r];
    return p ? [DIRIGENTI_MSG.designated(RUOLO_LABELS[r], personName(p))] : [];
  });
  return parts.length ? parts.join(' · ') : undefined;
}

/** The widest range GET /api/designazioni answers: 31 days, the first included. */
export const PERIOD_MAX_DAYS = 31;

/**
 * The designations of the club's officials to matches (docs/officials.md), shared by the edit form,
 * the signed-in dashboard's cards and its uncovered panel. Every designation write invalidates the
 * 'Designation' tag; the reads of many matches also follow the match list (a moved or deleted match).
 */
export const designazioniApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The active people holding a qualification: a role's picker. */
    getDirigentiAttivi: build.query<Dirigente[], Qualifica>({
      query: (qualifica) => `api/dirigenti?qualifica=${encodeURIComponent(qualifica)}&attivo=true`,
      transformResponse: (body: DirigentiResponse) => body?.data ?? [],
      // A person created, changed or deactivated on the officials' screen changes the pickers.
      providesTags: (result) => listTags('Official', result),
    }),
    /** The designations of the matches of `from`..`to` (at most 31 days), by match id. */
    getDesignazioniPeriodo: build.query<Record<string, DesignazioniView>, { from: string; to: string }>({
      query: ({ from, to }) => `api/designazioni?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      transformResponse: (body: DesignazioniPeriodoResponse) => body?.data ?? {},
      providesTags: ['Designation', listTag('Match')],
    }),
    /**
     * The coming matches missing a required role (editor+), with each candidate once (`persone`) and, per match, who is
     * busy at its time (`occupati`): the free people of a role are liberiPer (common/officials/rules.ts).
     * `giorni` null: the server's default window, through the Sunday after next. `fino`: the window's last day.
     */
    getScoperte: build.query<{ items: PartitaScoperta[]; persone: PersonaScoperte[]; fino: string | null }, number | null>({
      query: (giorni) => (giorni === null ? 'api/designazioni/scoperte' : `api/designazioni/scoperte?giorni=${giorni}`),
      transformResponse: (body: ScoperteResponse) => ({
        items: (body?.data ?? []).flatMap((s) => {
          const partita = sanitizePartita(s?.partita);
          return partita ? [{ ...s, partita, occupati: s.occupati ?? [], mancanti: s.mancanti ?? [] }] : [];
        }),
        persone: body?.persone ?? [],
        fino: typeof body?.fino === 'string' ? body.fino : null,
      }),
      providesTags: ['Designation', listTag('Match')],
    }),
    saveDesignazioni: build.mutation<DesignazioniView, { id: number | string; body: DesignazioniBody }>({
      query: ({ id, body }) => ({ url: `api/partite/${encodeURIComponent(String(id))}/designazioni`, method: 'PUT', body }),
      extraOptions: { maxRetries: 0 },
      transformResponse: (body: DesignazioniResponse) => body.data,
      invalidatesTags: ['Designation'],
    }),
  }),
});

export const { useGetDirigentiAttiviQuery, useGetDesignazioniPeriodoQuery, useGetScoperteQuery, useSaveDesignazioniMutation } = designazioniApi;
