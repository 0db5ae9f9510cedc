// The club's officials and their designations to matches (docs/officials.md): the same rules in the
// forms, on the server and in the uncovered list.
import { z } from '../core/zod';
import { isSingleLine } from '../core/text';
import { EMAIL_PATTERN } from '../auth/schemas';
import { PARTITA_TEXT_MAX } from '../matches/read';
import { normalizeTelefono, isValidTelefono } from '../groups/rules';
import { matchSpan, timeOf, type ClashMatch } from '../occupancy/rules';
import { DIRIGENTI_MSG, RUOLO_LABELS } from './messages';

/** What an official may do; `allenatore` holds no designation role: the team sheet lists coaches (docs/teamsheet.md). */
export const QUALIFICHE = ['arbitro', 'accompagnatore', 'addetto_arbitro', 'allenatore'] as const;
export type Qualifica = (typeof QUALIFICHE)[number];

export const RUOLI = ['arbitro', 'accompagnatore', 'addettoArbitro'] as const;
export type Ruolo = (typeof RUOLI)[number];

/** The qualification each role needs. */
export const QUALIFICA_DI: Record<Ruolo, Qualifica> = { arbitro: 'arbitro', accompagnatore: 'accompagnatore', addettoArbitro: 'addetto_arbitro' };

/** Minutes of travel and changeover a person keeps free before and after each match (DESIGNATION_MARGIN_MINUTES). */
export const DEFAULT_DESIGNATION_MARGIN_MINUTES = 30;

export interface Dirigente {
  id: number;
  nome: string;
  cognome: string;
  email: string;
  telefono: string | null;
  qualifiche: Qualifica[];
  attivo: boolean;
  /** The federation's card (tessera) number, printed on the team sheet; null when not known. */
  numeroTessera: string | null;
}

/**
 * The body of POST and PUT /api/dirigenti after validation. `numeroTessera` absent (a client that
 * does not know the field): a new person has none, a changed one keeps the stored card.
 */
export type DirigentePayload = Omit<Dirigente, 'id' | 'numeroTessera'> & { numeroTessera?: string | null };

/** A match's designations: the person of each role, or null. */
export type Designazioni = Record<Ruolo, number | null>;

/** A designation as a read of a match carries it: the person's id and name. */
export interface DesignatoView {
  id: number;
  nome: string;
  cognome: string;
}
export type DesignazioniView = Record<Ruolo, DesignatoView | null>;

const M = DIRIGENTI_MSG.invalid;
const L = DIRIGENTI_MSG.fields;
const name = (label: string, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(PARTITA_TEXT_MAX, M.lungo(label, PARTITA_TEXT_MAX))
    .refine(isSingleLine, M.testo(label));

/** The longest card number (as a player's, common/players/rules.ts). */
export const DIRIGENTE_TESSERA_MAX = 20;

/** A card number: blank is null, absent stays absent (the stored one is kept); letters, digits, spaces and / . - */
const tessera = z
  .string({ error: M.tessera })
  .max(200, M.tessera)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim() || null))
  .refine((v) => v == null || (v.length <= DIRIGENTE_TESSERA_MAX && /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v)), M.tessera);

/** The body of POST and PUT /api/dirigenti: strict. */
export const dirigentePayloadSchema = z.strictObject({
  nome: name(L.nome, M.nome),
  cognome: name(L.cognome, M.cognome),
  email: z
    .string({ error: M.email })
    .trim()
    .max(254, M.email)
    .regex(EMAIL_PATTERN, M.email)
    .transform((e) => e.toLowerCase()),
  telefono: z
    .string({ error: M.telefono })
    .max(20, M.telefono)
    .nullish()
    .transform((t) => normalizeTelefono(t))
    .refine((t) => t === null || isValidTelefono(t), M.telefono),
  qualifiche: z
    .array(z.enum(QUALIFICHE, { error: M.qualifiche }), { error: M.qualifiche })
    .max(QUALIFICHE.length, M.qualifiche)
    .transform((q) => QUALIFICHE.filter((x) => q.includes(x))),
  attivo: z.boolean({ error: M.attivo }).default(true),
  numeroTessera: tessera,
});

const personId = z.number({ error: M.designazione }).int(M.designazione).positive(M.designazione).max(2147483647, M.designazione).nullable();

/** The body of PUT /api/partite/{id}/designazioni: every role named (null: nobody). */
export const designazioniBodySchema = z.strictObject({
  arbitro: personId,
  accompagnatore: personId,
  addettoArbitro: personId,
  confermaSovrapposizioni: z.boolean({ error: M.conferma }).optional(),
});

/** 'Mario Rossi'. */
export const fullName = (p: { nome: string; cognome: string }) => `${p.nome} ${p.cognome}`;

/**
 * The first problem of a match's designations with the people they name, or null: everyone exists,
 * is active and holds the role's qualification; the referee holds no other role in the match (one
 * person may accompany the team and look after the referee, not referee too).
 */
export function designazioniProblem(d: Designazioni, people: ReadonlyMap<number, Pick<Dirigente, 'nome' | 'cognome' | 'qualifiche' | 'attivo'>>): string | null {
  for (const ruolo of RUOLI) {
    const id = d[ruolo];
    if (id === null) continue;
    const p = people.get(id);
    if (!p) return DIRIGENTI_MSG.unknownPerson;
    if (!p.attivo) return DIRIGENTI_MSG.inactive(fullName(p));
    if (!p.qualifiche.includes(QUALIFICA_DI[ruolo])) return DIRIGENTI_MSG.notQualified(fullName(p), RUOLO_LABELS[ruolo]);
  }
  if (d.arbitro !== null && (d.arbitro === d.accompagnatore || d.arbitro === d.addettoArbitro)) return DIRIGENTI_MSG.refereeAlone;
  return null;
}

/** A designation of a person to a match, as the clash rule compares them. */
export interface Impegno {
  partita: ClashMatch & { id: number };
  ruolo: Ruolo;
  dirigenteId: number;
  persona: string;
}

/** One clash of a person: designated elsewhere at an overlapping time (with the travel margin). */
export interface PersonClash {
  /** The other match. */
  id: number;
  motivo: 'persona';
  messaggio: string;
  dirigenteId: number;
}

const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The clashes of the people designated to `match` with their other designations: the same person
 * on two different matches of the same day whose times, each widened by `marginMinutes` on both
 * sides, overlap (an away match without an end lasts its category's usual length).
 */
export function personClashes(match: ClashMatch & { id: number | null }, people: ReadonlyArray<{ dirigenteId: number }>, others: readonly Impegno[], marginMinutes: number = DEFAULT_DESIGNATION_MARGIN_MINUTES): PersonClash[] {
  const span = matchSpan(match);
  const mine = new Set(people.map((p) => p.dirigenteId));
  const out: PersonClash[] = [];
  for (const o of others) {
    if (!mine.has(o.dirigenteId) || o.partita.id === match.id || o.partita.data !== match.data) continue;
    const other = matchSpan(o.partita);
    if (span.start - marginMinutes < other.end + marginMinutes && other.start - marginMinutes < span.end + marginMinutes) {
      const teams = `${o.partita.squadracasa} - ${o.partita.squadratrasferta}`;
      out.push({
        id: o.partita.id,
        motivo: 'persona',
        dirigenteId: o.dirigenteId,
        messaggio: DIRIGENTI_MSG.clash(o.persona, RUOLO_LABELS[o.ruolo], teams, timeOf(other.start), timeOf(other.end), ddmm(o.partita.data)),
      });
    }
  }
  return out;
}

/** A person as the uncovered list carries them (GET /api/designazioni/scoperte's `persone`): once per answer. */
export type PersonaScoperte = Pick<Dirigente, 'id' | 'nome' | 'cognome' | 'qualifiche'>;

/**
 * The people free for a missing role of an uncovered match (docs/officials.md): qualified for the role, not
 * the match's referee (for the referee: in no other role of it), and not in `occupati` (busy elsewhere at its
 * time). The server answers each person once and each match's `occupati`; the panel lists the free ones with this.
 */
export function liberiPer<P extends Pick<Dirigente, 'id' | 'qualifiche'>>(ruolo: Ruolo, persone: readonly P[], d: Designazioni, occupati: readonly number[]): P[] {
  const busy = new Set(occupati);
  return persone.filter(
    (p) =>
      p.qualifiche.includes(QUALIFICA_DI[ruolo]) &&
      !busy.has(p.id) &&
      (ruolo === 'arbitro' ? p.id !== d.accompagnatore && p.id !== d.addettoArbitro : p.id !== d.arbitro),
  );
}

/** Whether the club supplies the home referee of a category by default: the youngest categories. */
export const arbitroSocietaDefault = (categoria: string) => /piccoli\s*amici|primi\s*calci|pulcini|esordienti/i.test(categoria);

/**
 * The roles a match still needs: the referee of a home match whose category has the club's referee
 * (`arbitroSocieta`), and the accompanying official of every match.
 */
export function missingRoles(match: { is_house_match: boolean }, arbitroSocieta: boolean, d: Designazioni): Ruolo[] {
  const out: Ruolo[] = [];
  if (match.is_house_match && arbitroSocieta && d.arbitro === null) out.push('arbitro');
  if (d.accompagnatore === null) out.push('accompagnatore');
  return out;
}
