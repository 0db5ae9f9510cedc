// The team sheet (distinta di gara, docs/teamsheet.md): the body of a save, and the check of a sheet
// on its match's day with the players' certificate rule (common/players/rules.ts). The same check
// answers the GET, refuses a PUT and stops a print.
import { z } from '../core/zod';
import { isIsoDate } from '../core/date-text';
import { problemaCertificato, REGOLA_CERTIFICATO_DEFAULT, type Certificato, type RegolaCertificato } from '../players/rules';
import { DISTINTA_MSG } from './messages';

const M = DISTINTA_MSG;

/** Shirt numbers: 1-99. */
export const NUMERO_MIN = 1;
export const NUMERO_MAX = 99;
/** The most players one body may name (a category's maxDistinta is at most 99, migration 023). */
export const RIGHE_MAX = 99;
/** Others admitted to the pitch area beside the accompanying official, the referee's attendant and the coach. */
export const ALTRI_MAX = 8;

// ---------------------------------------------------------------- the body

/** A line of the sheet as saved: the player, the shirt number, captain and vice-captain. */
export interface RigaDistinta {
  id: number;
  numero: number;
  capitano: boolean;
  vice: boolean;
}

/** The staff a save names: absent keeps what is stored; `allenatore: null` clears the coach. */
export interface StaffInput {
  allenatore?: number | null;
  altri?: number[];
}

/** The body of PUT /api/partite/{id}/distinta, after validation. */
export interface DistintaInput {
  giocatori: RigaDistinta[];
  staff: StaffInput;
}

const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(2147483647, message);
const flag = z.boolean({ error: M.invalid.flag }).optional();
/** An object's own message for a value of the wrong type; an unknown key still names itself (common/core/zod.ts). */
const notAnObject = (message: string) => ({ error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined) });

/**
 * The body of PUT /api/partite/{id}/distinta: `{ giocatori: [{ id, numero, capitano?, vice? }], staff?: { allenatore?, altri? } }`,
 * strict. The order of `giocatori` is the sheet's order. Whether the players and people exist and
 * may be on the sheet is the server's check (problemiRighe, controllaGiocatore).
 */
export const distintaBodySchema = z
  .strictObject(
    {
      giocatori: z
        .array(
          z.strictObject(
            {
              id: id(M.invalid.id),
              numero: z.number({ error: M.invalid.numero }).int(M.invalid.numero).min(NUMERO_MIN, M.invalid.numero).max(NUMERO_MAX, M.invalid.numero),
              capitano: flag,
              vice: flag,
            },
            notAnObject(M.invalid.giocatore),
          ),
          { error: M.invalid.body },
        )
        .max(RIGHE_MAX, M.invalid.giocatori(RIGHE_MAX)),
      staff: z
        .strictObject(
          {
            allenatore: id(M.invalid.persona).nullable().optional(),
            altri: z.array(id(M.invalid.persona), { error: M.invalid.staff }).max(ALTRI_MAX, M.invalid.altri(ALTRI_MAX)).optional(),
          },
          notAnObject(M.invalid.staff),
        )
        .optional(),
    },
    notAnObject(M.invalid.body),
  )
  .transform(
    (b): DistintaInput => ({
      giocatori: b.giocatori.map((g) => ({ id: g.id, numero: g.numero, capitano: g.capitano ?? false, vice: g.vice ?? false })),
      staff: b.staff ? { ...(b.staff.allenatore !== undefined ? { allenatore: b.staff.allenatore } : {}), ...(b.staff.altri ? { altri: [...new Set(b.staff.altri)] } : {}) } : {},
    }),
  );

/** What a client sends. */
export type DistintaInputRaw = z.input<typeof distintaBodySchema>;

// ---------------------------------------------------------------- the check

/** What the check reads of a player. */
export interface GiocatoreControllo {
  id: number;
  nome: string;
  cognome: string;
  dataNascita: string;
  numeroTessera: string | null;
  certificato: Certificato | null;
  squalificatoFino: string | null;
}

/** The match's day, the category's birth years and the certificate rule's settings. */
export interface ContestoControllo {
  /** The match's date, 'YYYY-MM-DD'. */
  data: string;
  annoDa: number | null;
  annoA: number | null;
  regola?: RegolaCertificato;
}

/** A player's check: `idoneo` false when a blocking reason (`motivi`) holds; `avvisi` are warnings. */
export interface EsitoGiocatore {
  idoneo: boolean;
  motivi: string[];
  avvisi: string[];
}

/**
 * A player on the match's day (docs/teamsheet.md, the check). Blocking: no certificate; a
 * non-competitive one where the competitive one is required; one expired before the day (one
 * expiring on the day still covers it); a suspension lasting to the day or later. Warnings: no card
 * number (the art. 61 c.5 declaration); a birth year outside the category's years.
 */
export function controllaGiocatore(p: GiocatoreControllo, ctx: ContestoControllo): EsitoGiocatore {
  const motivi: string[] = [];
  const avvisi: string[] = [];
  const problema = problemaCertificato(p, ctx.data, ctx.regola ?? REGOLA_CERTIFICATO_DEFAULT);
  if (problema === 'certificato_mancante') motivi.push(M.motivi.certificatoMancante);
  else if (problema === 'tipo_non_valido') motivi.push(M.motivi.tipoNonValido);
  else if (problema === 'scaduto') motivi.push(M.motivi.scaduto(p.certificato!.scadenza));
  if (p.squalificatoFino !== null && p.squalificatoFino >= ctx.data) motivi.push(M.motivi.squalificato(p.squalificatoFino));
  if (!p.numeroTessera) avvisi.push(M.avvisi.tesseraMancante);
  const anno = Number(p.dataNascita.slice(0, 4));
  if ((ctx.annoDa !== null && anno < ctx.annoDa) || (ctx.annoA !== null && anno > ctx.annoA)) avvisi.push(M.avvisi.fuoriAnni(anno, ctx.annoDa, ctx.annoA));
  return { idoneo: motivi.length === 0, motivi, avvisi };
}

/** 'Rossi Mario': how the sheet and its refusals name a person. */
export const cognomeNome = (p: { nome: string; cognome: string }) => `${p.cognome} ${p.nome}`;

/** A refused player of a save (400 `problemi`). */
export interface ProblemaDistinta {
  giocatore: number;
  motivo: string;
}

/**
 * The problems of the lines of a save, apart from each player's own check: a player named twice, a
 * shirt number given to two players, two captains or vice-captains, one player both. Each problem
 * names every player it concerns, in the body's order.
 */
export function problemiRighe(righe: readonly RigaDistinta[]): ProblemaDistinta[] {
  const out: ProblemaDistinta[] = [];
  const count = <K>(key: (r: RigaDistinta) => K) => {
    const n = new Map<K, number>();
    for (const r of righe) n.set(key(r), (n.get(key(r)) ?? 0) + 1);
    return n;
  };
  const ids = count((r) => r.id);
  const numeri = count((r) => r.numero);
  const capitani = righe.filter((r) => r.capitano).length;
  const vice = righe.filter((r) => r.vice).length;
  const seen = new Set<number>();
  for (const r of righe) {
    const first = !seen.has(r.id);
    seen.add(r.id);
    if (ids.get(r.id)! > 1 && !first) out.push({ giocatore: r.id, motivo: M.problemi.ripetuto });
    if (numeri.get(r.numero)! > 1) out.push({ giocatore: r.id, motivo: M.problemi.numeroRipetuto(r.numero) });
    if (r.capitano && capitani > 1) out.push({ giocatore: r.id, motivo: M.problemi.dueCapitani });
    if (r.vice && vice > 1) out.push({ giocatore: r.id, motivo: M.problemi.dueVice });
    if (r.capitano && r.vice) out.push({ giocatore: r.id, motivo: M.problemi.capitanoEVice });
  }
  return out;
}

/** The staff roles of a sheet: two from the match's designations, the coach and the others from the sheet. */
export const RUOLI_STAFF = ['accompagnatore', 'addettoArbitro', 'allenatore', 'altro'] as const;
export type RuoloStaff = (typeof RUOLI_STAFF)[number];

/** A person on the sheet's staff. */
export interface VoceStaff {
  ruolo: RuoloStaff;
  id: number;
  nome: string;
  cognome: string;
  numeroTessera: string | null;
}

/** Blocking reasons (`motivi`: no print) and warnings (`avvisi`) of a sheet as a whole. */
export interface EsitoDistinta {
  motivi: string[];
  avvisi: string[];
}

/**
 * The staff of a sheet (docs/teamsheet.md): the accompanying official is required and the referee's
 * attendant belongs to the home side only (blocking); no coach, or a person without a card, is a warning.
 */
export function controllaStaff(staff: readonly VoceStaff[], casa: boolean): EsitoDistinta {
  const motivi: string[] = [];
  const avvisi: string[] = [];
  if (!staff.some((s) => s.ruolo === 'accompagnatore')) motivi.push(M.motiviDistinta.senzaAccompagnatore);
  if (!casa && staff.some((s) => s.ruolo === 'addettoArbitro')) motivi.push(M.motiviDistinta.addettoInTrasferta);
  if (!staff.some((s) => s.ruolo === 'allenatore')) avvisi.push(M.avvisiDistinta.senzaAllenatore);
  for (const s of staff) if (!s.numeroTessera) avvisi.push(M.avvisiDistinta.staffSenzaTessera(M.ruoli[s.ruolo], `${s.nome} ${s.cognome}`));
  return { motivi, avvisi };
}

/** A line of a sheet as the whole-sheet check reads it. */
export interface RigaControllata {
  idoneo: boolean;
  capitano: boolean;
  vice: boolean;
}

/**
 * The whole sheet (players already checked one by one, staff as listed): not printable before its
 * first save, while a saved player may no longer play (the certificate or the match's date changed
 * since) or the staff is incomplete; warnings for more players than the category
 * allows, no captain or vice-captain on a saved sheet, a match whose date is to be set.
 */
export function controllaDistinta(
  righe: readonly RigaControllata[],
  staff: readonly VoceStaff[],
  partita: { data: string; casa: boolean; dataDaDefinire: boolean; maxDistinta: number; salvata: boolean },
): EsitoDistinta & { stampabile: boolean } {
  const { motivi, avvisi } = controllaStaff(staff, partita.casa);
  // A proposal (not saved yet) is no sheet: only the save's absence is said, not its players'.
  const bloccati = righe.filter((r) => !r.idoneo).length;
  if (!partita.salvata) motivi.unshift(M.motiviDistinta.nonSalvata);
  else if (righe.length === 0) motivi.unshift(M.motiviDistinta.vuota);
  else if (bloccati > 0) motivi.unshift(M.motiviDistinta.giocatoriNonIdonei(bloccati));
  const extra: string[] = [];
  if (righe.length > partita.maxDistinta) extra.push(M.avvisiDistinta.troppi(righe.length, partita.maxDistinta));
  if (partita.salvata && righe.length > 0) {
    if (!righe.some((r) => r.capitano)) extra.push(M.avvisiDistinta.senzaCapitano);
    if (!righe.some((r) => r.vice)) extra.push(M.avvisiDistinta.senzaVice);
  }
  if (partita.dataDaDefinire) extra.push(M.avvisiDistinta.dataDaDefinire(partita.data));
  return { motivi, avvisi: [...extra, ...avvisi], stampabile: motivi.length === 0 };
}

// ---------------------------------------------------------------- the day's sheets

/** The query of GET /api/distinte: one day. */
export const distinteQuerySchema = z.strictObject({
  data: z
    .string({ error: M.invalid.data })
    .max(10, M.invalid.data)
    .refine((d) => isIsoDate(d), M.invalid.data),
});
