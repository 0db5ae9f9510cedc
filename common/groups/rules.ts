import { z } from '../core/zod';
import { MSG } from '../core/messages';
import { isSingleLine } from '../core/text';
import { normalizeEmail, normalizeNotifiche, referenteNotificheIssues, referenteNotificheRaw, type NotificheScelta } from '../notifications/rules';

/** Limits of a category (docs/groups.md, limits). */
export const GRUPPO_NAME_MAX = 50;
export const REFERENTE_TEXT_MAX = 50;
export const REFERENTI_MAX = 30;
/** Birth years of a category (docs/players.md): from 1900 to the current year. */
export const ANNO_MIN = 1900;
/** Players allowed on a team sheet (distinta): 1-99, 20 when not given. */
export const MAX_DISTINTA_DEFAULT = 20;
export const MAX_DISTINTA_MAX = 99;
/** Raw inputs longer than this are refused before any other check (no huge strings reach the rules). */
const RAW_TEXT_MAX = 200;

/** A referent as stored and returned: telefono holds digits only, or null; email lower-case, or null. */
export interface Referente {
  nome: string;
  cognome: string;
  telefono: string | null;
  /** Always present in answers of the API; optional in the type so older literals still fit. */
  email?: string | null;
  /** What mails the referent receives (docs/notifications.md); 'ogni_modifica' when not given. */
  notifiche?: NotificheScelta;
}

/** A category as GET /api/gruppi returns it. */
export interface Gruppo {
  id: number;
  name: string;
  created_at: string;
  components: Referente[];
  /**
   * Whether the club supplies the referee of the category's home matches (docs/officials.md). Always
   * present in answers of the API; optional in the type so older literals still fit.
   */
  arbitroSocieta?: boolean;
  /**
   * The birth years of the category's players, both included (docs/players.md), or null. Always
   * present in answers of the API; optional in the type so older literals still fit.
   */
  annoDa?: number | null;
  annoA?: number | null;
  /** Players allowed on a team sheet (distinta di gara). Always present in answers of the API. */
  maxDistinta?: number;
}

/** The body of POST /api/gruppi and PUT /api/gruppi/{id}, after validation. */
export interface GruppoInput {
  name: string;
  components: Referente[];
  /** Absent: on create the default of the name (arbitroSocietaDefault), on update unchanged. */
  arbitroSocieta?: boolean;
  /** Absent: on create null, on update unchanged; null clears it. */
  annoDa?: number | null;
  annoA?: number | null;
  /** Absent: on create MAX_DISTINTA_DEFAULT, on update unchanged. */
  maxDistinta?: number;
}

/** The phone as stored: the digits typed, without the spaces a person may put between them. */
export function normalizeTelefono(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/\s+/g, '');
  return compact === '' ? null : compact;
}

export const isValidTelefono = (digits: string) => /^[0-9]{9,10}$/.test(digits);

/** The current year: the latest birth year a category may name. */
const currentYear = () => new Date().getFullYear();

const anno = (label: string) =>
  z
    .number({ error: MSG.groups.annoInvalid(label) })
    .int(MSG.groups.annoInvalid(label))
    .min(ANNO_MIN, MSG.groups.annoInvalid(label))
    .refine((y) => y <= currentYear(), MSG.groups.annoInvalid(label))
    .nullable()
    .optional();

const rawText = z.string({ error: MSG.groups.invalidData }).max(RAW_TEXT_MAX, MSG.groups.invalidData);

const referenteRaw = z.strictObject(
  { nome: rawText.nullish(), cognome: rawText.nullish(), telefono: rawText.nullish(), ...referenteNotificheRaw },
  { error: MSG.groups.invalidData },
);

/**
 * The one validation of a category, shared by the SPA form and the server. Messages carry the
 * referent's number N (1-based) and each issue's path points at the field (name,
 * components.N-1.nome, ...), so the form can show it under that field. Unknown fields are refused.
 */
export const gruppoInputSchema = z
  .strictObject({
    name: z
      .string({ error: MSG.groups.nameRequired })
      .max(RAW_TEXT_MAX, MSG.groups.nameTooLong(GRUPPO_NAME_MAX))
      .trim()
      .min(1, MSG.groups.nameRequired)
      .max(GRUPPO_NAME_MAX, MSG.groups.nameTooLong(GRUPPO_NAME_MAX))
      .refine(isSingleLine, MSG.validation.singleLine(MSG.groups.name)),
    components: z
      .array(referenteRaw, { error: MSG.groups.componentRequired })
      .min(1, MSG.groups.componentRequired)
      .max(REFERENTI_MAX, MSG.groups.tooManyComponents(REFERENTI_MAX)),
    arbitroSocieta: z.boolean({ error: MSG.groups.invalidData }).optional(),
    annoDa: anno(MSG.groups.annoDa),
    annoA: anno(MSG.groups.annoA),
    maxDistinta: z
      .number({ error: MSG.groups.maxDistintaInvalid(MAX_DISTINTA_MAX) })
      .int(MSG.groups.maxDistintaInvalid(MAX_DISTINTA_MAX))
      .min(1, MSG.groups.maxDistintaInvalid(MAX_DISTINTA_MAX))
      .max(MAX_DISTINTA_MAX, MSG.groups.maxDistintaInvalid(MAX_DISTINTA_MAX))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.annoDa != null && value.annoA != null && value.annoDa > value.annoA) ctx.addIssue({ code: 'custom', path: ['annoA'], message: MSG.groups.anniOrdine });
    value.components.forEach((r, i) => {
      const n = i + 1;
      const nome = (r.nome ?? '').trim();
      const cognome = (r.cognome ?? '').trim();
      for (const field of ['nome', 'cognome', 'telefono'] as const) {
        if (!isSingleLine(r[field])) ctx.addIssue({ code: 'custom', path: ['components', i, field], message: MSG.validation.singleLine(MSG.groups.componentField(n, field)) });
      }
      if (!nome) ctx.addIssue({ code: 'custom', path: ['components', i, 'nome'], message: MSG.groups.componentName(n) });
      else if (nome.length > REFERENTE_TEXT_MAX)
        ctx.addIssue({ code: 'custom', path: ['components', i, 'nome'], message: MSG.groups.componentNameTooLong(n, REFERENTE_TEXT_MAX) });
      if (!cognome) ctx.addIssue({ code: 'custom', path: ['components', i, 'cognome'], message: MSG.groups.componentSurname(n) });
      else if (cognome.length > REFERENTE_TEXT_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['components', i, 'cognome'],
          message: MSG.groups.componentSurnameTooLong(n, REFERENTE_TEXT_MAX),
        });
      const telefono = normalizeTelefono(r.telefono);
      if (telefono !== null && !isValidTelefono(telefono))
        ctx.addIssue({ code: 'custom', path: ['components', i, 'telefono'], message: MSG.groups.phoneDigits });
      for (const [field, message] of referenteNotificheIssues(r, n)) ctx.addIssue({ code: 'custom', path: ['components', i, field], message });
    });
  })
  .transform(
    (value): GruppoInput => ({
      name: value.name,
      components: value.components.map((r) => ({
        nome: (r.nome ?? '').trim(),
        cognome: (r.cognome ?? '').trim(),
        telefono: normalizeTelefono(r.telefono),
        email: normalizeEmail(r.email),
        notifiche: normalizeNotifiche(r.notifiche, r.email ?? null),
      })),
      ...(value.arbitroSocieta === undefined ? {} : { arbitroSocieta: value.arbitroSocieta }),
      ...(value.annoDa === undefined ? {} : { annoDa: value.annoDa }),
      ...(value.annoA === undefined ? {} : { annoA: value.annoA }),
      ...(value.maxDistinta === undefined ? {} : { maxDistinta: value.maxDistinta }),
    }),
  );

/** What a client sends (telefono may hold spaces, or be empty or absent). */
export type GruppoInputRaw = z.input<typeof gruppoInputSchema>;

/** Field path (e.g. 'components.1.telefono') -> first message, for showing errors under the fields of a form. */
export function gruppoFieldErrors(input: unknown): Record<string, string> {
  const result = gruppoInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Italian collation: referents by surname, then name (Gestione Categorie, docs/groups.md). */
const collator = new Intl.Collator('it', { sensitivity: 'base' });
export function sortReferenti<T extends { nome: string; cognome: string }>(referenti: readonly T[]): T[] {
  return [...referenti].sort((a, b) => collator.compare(a.cognome, b.cognome) || collator.compare(a.nome, b.nome));
}

/** Case-insensitive substring match (docs/groups.md: the filters of Gestione Categorie). */
export function matchesFilter(text: string, filter: string): boolean {
  const f = filter.trim().toLocaleLowerCase('it');
  return f === '' || text.toLocaleLowerCase('it').includes(f);
}

/** The categories whose name contains `nameFilter` and that have a referent whose name or surname contains `referentFilter`. */
export function filterGruppi<G extends { name: string; components: readonly { nome: string; cognome: string }[] }>(
  gruppi: readonly G[],
  nameFilter: string,
  referentFilter: string,
): G[] {
  return gruppi.filter(
    (g) =>
      matchesFilter(g.name, nameFilter) &&
      (referentFilter.trim() === '' ||
        g.components.some(
          (r) =>
            matchesFilter(r.nome, referentFilter) ||
            matchesFilter(r.cognome, referentFilter) ||
            matchesFilter(`${r.nome} ${r.cognome}`, referentFilter) ||
            matchesFilter(`${r.cognome} ${r.nome}`, referentFilter),
        )),
  );
}
