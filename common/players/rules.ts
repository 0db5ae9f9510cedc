// Players and their papers (docs/players.md): the body of a player, the certificate rule, the expiry
// panel and the warnings. The same rules run in the form, on the server and on a match's card.
import { z } from '../core/zod';
import { MSG } from '../core/messages';
import { isSingleLine } from '../core/text';
import { isIsoDate } from '../core/date-text';
import { todayIn } from '../core/dates';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../auth/schemas';
import { isValidTelefono, normalizeTelefono } from '../groups/rules';
import { GIOCATORI_MSG } from './messages';

export const TIPI_CERTIFICATO = ['agonistico', 'non_agonistico'] as const;
export type TipoCertificato = (typeof TIPI_CERTIFICATO)[number];

/** Limits of a player (docs/players.md, limits). */
export const GIOCATORE_NOME_MAX = 50;
export const TESSERA_MAX = 20;
export const NOTE_MAX = 200;
export const RELAZIONE_MAX = 30;
export const CONTATTI_MAX = 3;
/** Raw texts longer than this are refused before any other check. */
const RAW_TEXT_MAX = 300;
/** Players of one import (docs/players.md, import): a club has a few hundred. */
export const IMPORT_GIOCATORI_MAX = 1000;
/** Categories one PUT /api/users/{id}/gruppi may name. */
export const GRUPPI_SEGUITI_MAX = 200;
/** The expiry panel's horizon: certificates expiring within this many days. */
export const SCADENZA_GIORNI = 30;
/** The widest scadenzaEntro of GET /api/giocatori. */
export const SCADENZA_ENTRO_MAX = 366;
/** The widest period of GET /api/giocatori/avvisi-partite (the match cards' flag), both days included. */
export const AVVISI_PARTITE_GIORNI_MAX = 62;
/** The age from which a player's record stops being a minor's (the contact warning). */
export const MAGGIORE_ETA = 18;

export interface Certificato {
  tipo: TipoCertificato;
  /** Last day of validity, 'YYYY-MM-DD'. */
  scadenza: string;
}

/** A guardian: nome required, the rest null when not given; email lower-case, telefono digits only. */
export interface Contatto {
  nome: string;
  relazione: string | null;
  email: string | null;
  telefono: string | null;
}

/** The body of POST /api/giocatori and PUT /api/giocatori/{id}, after validation. */
export interface GiocatoreInput {
  nome: string;
  cognome: string;
  dataNascita: string;
  /** The category's name. */
  gruppo: string;
  numeroTessera: string | null;
  certificato: Certificato | null;
  /** Last day of a suspension. */
  squalificatoFino: string | null;
  contatti: Contatto[];
  note: string | null;
}

/** A player as the API answers it. */
export interface Giocatore extends GiocatoreInput {
  id: number;
}

// ---------------------------------------------------------------- the certificate rule

/**
 * The settings of the certificate rule (docs/players.md, the certificate rule): the competitive
 * certificate is required from the season in which the player turns `etaAgonistico`; seasons start
 * on `inizioStagione` ('MM-DD'). Defaults: 12 and 1 July (art. 43 NOIF as amended in 2017; the
 * federation's season runs 1 July to 30 June). The server reads them from COMPETITIVE_CERTIFICATE_AGE
 * and SEASON_START and sends them with the lists (`regola`), so the SPA applies the same rule.
 */
export interface RegolaCertificato {
  etaAgonistico: number;
  inizioStagione: string;
}

export const REGOLA_CERTIFICATO_DEFAULT: RegolaCertificato = { etaAgonistico: 12, inizioStagione: '07-01' };

/** True for a season start 'MM-DD' that exists in every year (29 February does not). */
export const isInizioStagione = (value: string) => /^\d{2}-\d{2}$/.test(value) && isIsoDate(`2001-${value}`);

/** The date `days` days after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d + days);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** The season holding `data`: its first and last day ('YYYY-MM-DD'). */
export function stagioneDi(data: string, regola: RegolaCertificato = REGOLA_CERTIFICATO_DEFAULT): { inizio: string; fine: string } {
  const year = Number(data.slice(0, 4));
  const startYear = data.slice(5) >= regola.inizioStagione ? year : year - 1;
  const pad = (y: number) => String(y).padStart(4, '0');
  return { inizio: `${pad(startYear)}-${regola.inizioStagione}`, fine: addDays(`${pad(startYear + 1)}-${regola.inizioStagione}`, -1) };
}

/** The day a person born on `dataNascita` turns `anni` (born on 29 February: 1 March in a common year). */
export function compleanno(dataNascita: string, anni: number): string {
  const day = `${String(Number(dataNascita.slice(0, 4)) + anni).padStart(4, '0')}${dataNascita.slice(4)}`;
  return isIsoDate(day as unknown) ? day : `${day.slice(0, 4)}-03-01`;
}

/**
 * The certificate a player needs on `data` (a match day): agonistico when their birthday of
 * `etaAgonistico` falls on or before the last day of the season holding `data`, else non_agonistico
 * (then either type is enough).
 */
export function certificatoRichiesto(dataNascita: string, data: string, regola: RegolaCertificato = REGOLA_CERTIFICATO_DEFAULT): TipoCertificato {
  return compleanno(dataNascita, regola.etaAgonistico) <= stagioneDi(data, regola).fine ? 'agonistico' : 'non_agonistico';
}

/** Whether a certificate covers `data`: it expires on that day or later. */
export const certificatoValidoIl = (certificato: Certificato | null, data: string) => certificato !== null && certificato.scadenza >= data;

export type ProblemaCertificato = 'certificato_mancante' | 'tipo_non_valido' | 'scaduto';

/**
 * The certificate's problem on `data`, or null when the player may play: none held; a
 * non-competitive one where the competitive one is required; expired (scadenza before `data`).
 */
export function problemaCertificato(
  p: { dataNascita: string; certificato: Certificato | null },
  data: string,
  regola: RegolaCertificato = REGOLA_CERTIFICATO_DEFAULT,
): ProblemaCertificato | null {
  if (!p.certificato) return 'certificato_mancante';
  if (p.certificato.tipo === 'non_agonistico' && certificatoRichiesto(p.dataNascita, data, regola) === 'agonistico') return 'tipo_non_valido';
  if (!certificatoValidoIl(p.certificato, data)) return 'scaduto';
  return null;
}

/** The players of a roster whose certificate does not cover `data` (a match day), with the problem. */
export function nonIdonei<P extends { id: number; dataNascita: string; certificato: Certificato | null }>(
  giocatori: readonly P[],
  data: string,
  regola: RegolaCertificato = REGOLA_CERTIFICATO_DEFAULT,
): Array<{ giocatore: P; problema: ProblemaCertificato }> {
  const out: Array<{ giocatore: P; problema: ProblemaCertificato }> = [];
  for (const giocatore of giocatori) {
    const problema = problemaCertificato(giocatore, data, regola);
    if (problema) out.push({ giocatore, problema });
  }
  return out;
}

// ---------------------------------------------------------------- the expiry panel

export const MOTIVI_SCADENZA = ['scaduto', 'in_scadenza', 'certificato_mancante', 'tipo_non_valido', 'tessera_mancante'] as const;
export type MotivoScadenza = (typeof MOTIVI_SCADENZA)[number];

/** A line of the 'Scadenze' panel: one problem of one player. */
export interface VoceScadenza {
  id: number;
  nome: string;
  cognome: string;
  gruppo: string;
  motivo: MotivoScadenza;
  /** The date it is about (the expiry; for a type no longer enough, the day it stops being); null for a missing paper. */
  data: string | null;
}

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** Players by surname, then name (Italian collation). */
export const compareGiocatori = (a: { nome: string; cognome: string }, b: { nome: string; cognome: string }) =>
  collator.compare(a.cognome, b.cognome) || collator.compare(a.nome, b.nome);

/**
 * The 'Scadenze' panel on `oggi` (docs/players.md): certificates expired, of a type no longer
 * enough, missing, or expiring (or stopping being enough) within `giorni` days; cards missing. By
 * date (oldest first), the undated after them, then by surname and name.
 */
export function scadenze(
  giocatori: ReadonlyArray<Pick<Giocatore, 'id' | 'nome' | 'cognome' | 'gruppo' | 'dataNascita' | 'certificato' | 'numeroTessera'>>,
  oggi: string,
  regola: RegolaCertificato = REGOLA_CERTIFICATO_DEFAULT,
  giorni: number = SCADENZA_GIORNI,
): VoceScadenza[] {
  const limite = addDays(oggi, giorni);
  const out: VoceScadenza[] = [];
  for (const g of giocatori) {
    const voce = (motivo: MotivoScadenza, data: string | null) => out.push({ id: g.id, nome: g.nome, cognome: g.cognome, gruppo: g.gruppo, motivo, data });
    const problema = problemaCertificato(g, oggi, regola);
    if (problema === 'certificato_mancante') voce('certificato_mancante', null);
    else if (problema) voce(problema, g.certificato!.scadenza);
    else if (g.certificato!.scadenza <= limite) voce('in_scadenza', g.certificato!.scadenza);
    else if (problemaCertificato(g, limite, regola) === 'tipo_non_valido') voce('tipo_non_valido', stagioneDi(limite, regola).inizio);
    if (!g.numeroTessera) voce('tessera_mancante', null);
  }
  return out.sort(
    (a, b) =>
      (a.data === null ? 1 : 0) - (b.data === null ? 1 : 0) ||
      (a.data ?? '').localeCompare(b.data ?? '') ||
      compareGiocatori(a, b) ||
      MOTIVI_SCADENZA.indexOf(a.motivo) - MOTIVI_SCADENZA.indexOf(b.motivo),
  );
}

/** Whether a player saved or listed on `oggi` is under 18. */
export const minorenne = (dataNascita: string, oggi: string) => compleanno(dataNascita, MAGGIORE_ETA) > oggi;

/** A contact one can reach: with an email or a phone. */
export const raggiungibile = (c: Pick<Contatto, 'email' | 'telefono'>) => !!c.email || !!c.telefono;

/**
 * The warnings of a player's save (answered beside it as `avvisi`; the save is not refused): a
 * minor with no reachable contact.
 */
export function avvisiGiocatore(p: Pick<GiocatoreInput, 'dataNascita' | 'contatti'>, oggi: string): string[] {
  return minorenne(p.dataNascita, oggi) && !p.contatti.some(raggiungibile) ? [GIOCATORI_MSG.nessunContatto] : [];
}

// ---------------------------------------------------------------- the body

const M = GIOCATORI_MSG.invalid;
const F = GIOCATORI_MSG.fields;

const name = (label: string, required: string) =>
  z
    .string({ error: required })
    .max(RAW_TEXT_MAX, M.lungo(label, GIOCATORE_NOME_MAX))
    .trim()
    .min(1, required)
    .max(GIOCATORE_NOME_MAX, M.lungo(label, GIOCATORE_NOME_MAX))
    .refine(isSingleLine, M.riga(label));

const date = (label: string) => z.string({ error: M.data(label) }).max(10, M.data(label)).refine((d) => isIsoDate(d), M.data(label));

/** An optional single-line text: blank or absent is null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: M.testo(label) })
    .max(RAW_TEXT_MAX, M.lungo(label, max))
    .nullish()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= max, M.lungo(label, max))
    .refine(isSingleLine, M.riga(label));

const rawText = z.string({ error: M.contatto }).max(RAW_TEXT_MAX, M.contatto).nullish();
/** An object's own message for a value of the wrong type; an unknown key still names itself (common/core/zod.ts). */
const notAnObject = (message: string) => ({ error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined) });
const contattoRaw = z.strictObject({ nome: rawText, relazione: rawText, email: rawText, telefono: rawText }, notAnObject(M.contatto));

const clean = (v: string | null | undefined) => (v ?? '').trim() || null;

/**
 * The one validation of a player (form and server): strict (unknown fields refused), names on one
 * line, real dates, the birth date in the past (before `today()`, the club's today), a certificate
 * with both type and expiry or none, 0-3 contacts (each with a name; email and phone checked when
 * given). Whether the category exists is the server's check (the form offers the known ones).
 */
export const giocatoreInputSchema = (today: () => string = () => todayIn()) =>
  z
    .strictObject({
      nome: name(F.nome, M.nome),
      cognome: name(F.cognome, M.cognome),
      dataNascita: date(F.dataNascita)
        .refine((d) => d >= '1900-01-01', M.nascitaAntica)
        .refine((d) => d < today(), M.nascitaFutura),
      gruppo: name(F.gruppo, M.gruppo),
      numeroTessera: optionalText(F.numeroTessera, TESSERA_MAX).refine((v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v), M.tessera),
      certificato: z
        .strictObject({ tipo: z.enum(TIPI_CERTIFICATO, { error: M.tipo }), scadenza: date(F.scadenza) }, notAnObject(M.certificato))
        .nullish()
        .transform((c): Certificato | null => c ?? null),
      squalificatoFino: date(F.squalificatoFino)
        .nullish()
        .transform((d) => d ?? null),
      contatti: z
        .array(contattoRaw, { error: M.contatto })
        .max(CONTATTI_MAX, M.contatti(CONTATTI_MAX))
        .optional()
        .transform((c) => c ?? []),
      note: optionalText(F.note, NOTE_MAX),
    })
    .superRefine((value, ctx) => {
      value.contatti.forEach((c, i) => {
        const n = i + 1;
        const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['contatti', i, field], message });
        for (const field of ['nome', 'relazione', 'email', 'telefono'] as const) {
          if (!isSingleLine(c[field])) at(field, M.riga(M.contattoCampo(n, field === 'nome' ? F.nome : F[field])));
        }
        if (!clean(c.nome)) at('nome', M.contattoNome(n));
        else if (clean(c.nome)!.length > GIOCATORE_NOME_MAX) at('nome', M.lungo(M.contattoCampo(n, F.nome), GIOCATORE_NOME_MAX));
        if ((clean(c.relazione) ?? '').length > RELAZIONE_MAX) at('relazione', M.lungo(M.contattoCampo(n, F.relazione), RELAZIONE_MAX));
        const email = clean(c.email);
        if (email !== null && (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))) at('email', M.email(n));
        const telefono = normalizeTelefono(c.telefono);
        if (telefono !== null && !isValidTelefono(telefono)) at('telefono', M.telefono(n));
      });
    })
    .transform(
      (v): GiocatoreInput => ({
        nome: v.nome,
        cognome: v.cognome,
        dataNascita: v.dataNascita,
        gruppo: v.gruppo,
        numeroTessera: v.numeroTessera,
        certificato: v.certificato,
        squalificatoFino: v.squalificatoFino,
        contatti: v.contatti.map((c) => ({
          nome: clean(c.nome)!,
          relazione: clean(c.relazione),
          email: clean(c.email)?.toLowerCase() ?? null,
          telefono: normalizeTelefono(c.telefono),
        })),
        note: v.note,
      }),
    );

/** What a client sends (optional fields may be absent, null or blank). */
export type GiocatoreInputRaw = z.input<ReturnType<typeof giocatoreInputSchema>>;

/** Field path (e.g. 'contatti.0.email') -> first message, for showing errors under the fields of a form. */
export function giocatoreFieldErrors(input: unknown, today?: () => string): Record<string, string> {
  const result = giocatoreInputSchema(today).safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

// ---------------------------------------------------------------- the API's other inputs

/** The query of GET /api/giocatori: a category's name, and 'certificate expiring within N days'. */
export const giocatoriQuerySchema = z.strictObject({
  gruppo: z.string({ error: M.filtroGruppo }).trim().min(1, M.filtroGruppo).max(GIOCATORE_NOME_MAX, M.filtroGruppo).optional(),
  scadenzaEntro: z
    .string({ error: M.scadenzaEntro })
    .regex(/^\d{1,3}$/, M.scadenzaEntro)
    .transform(Number)
    .refine((n) => n <= SCADENZA_ENTRO_MAX, M.scadenzaEntro)
    .optional(),
});
export type GiocatoriQuery = z.infer<typeof giocatoriQuerySchema>;

/**
 * The query of GET /api/giocatori/avvisi-partite: the period of the matches whose cards are shown,
 * `dal` to `al` (dates, both included, at most AVVISI_PARTITE_GIORNI_MAX days).
 */
export const avvisiPartiteQuerySchema = z
  .strictObject({
    dal: z.string({ error: M.periodo }).max(10, M.periodo).refine((d) => isIsoDate(d), M.periodo),
    al: z.string({ error: M.periodo }).max(10, M.periodo).refine((d) => isIsoDate(d), M.periodo),
  })
  .refine((q) => q.dal <= q.al && q.al <= addDays(q.dal, AVVISI_PARTITE_GIORNI_MAX - 1), M.periodo);
export type AvvisiPartiteQuery = z.infer<typeof avvisiPartiteQuerySchema>;

/** Which categories a user follows (docs/players.md): every one, or those named. */
export interface GruppiSeguiti {
  tutte: boolean;
  /** The names of the categories followed one by one (empty with tutte). */
  gruppi: string[];
}

const gruppoSeguito = z.string({ error: M.gruppoSeguito }).trim().min(1, M.gruppoSeguito).max(GIOCATORE_NOME_MAX, M.gruppoSeguito);

/** The body of PUT /api/users/{id}/gruppi: `{ gruppi: [names] }` or `{ tutte: true }`. */
export const gruppiSeguitiBodySchema = z
  .strictObject({
    gruppi: z.array(gruppoSeguito, { error: M.gruppiSeguiti }).max(GRUPPI_SEGUITI_MAX, M.troppe(GRUPPI_SEGUITI_MAX)).optional(),
    tutte: z.literal(true, { error: M.gruppiSeguiti }).optional(),
  })
  .refine((v) => (v.gruppi === undefined) !== (v.tutte === undefined), M.gruppiSeguiti)
  .transform((v): GruppiSeguiti => (v.tutte ? { tutte: true, gruppi: [] } : { tutte: false, gruppi: [...new Set(v.gruppi)] }));

/** The body of POST /api/giocatori/import: the rows, each a player's body, and their file lines. */
export const importGiocatoriSchema = z.strictObject({
  giocatori: z
    .array(z.unknown(), { error: GIOCATORI_MSG.import.empty })
    .min(1, GIOCATORI_MSG.import.empty)
    .max(IMPORT_GIOCATORI_MAX, GIOCATORI_MSG.import.tooMany(IMPORT_GIOCATORI_MAX)),
  righe: z
    .array(z.number({ error: MSG.http.badRequest }).int().min(1).max(1_000_000), { error: MSG.http.badRequest })
    .max(IMPORT_GIOCATORI_MAX)
    .optional(),
});
