// The coach's call-up form (src/components/callups/CallupEditor.tsx) and the body it sends: the form's
// flat values are mapped to the body of PUT /api/partite/{id}/convocazione and checked by the server's
// own schema (rules.ts), each problem named under the field it comes from (docs/callups.md).
import { z } from '../core/zod';
import { convocazioneBodySchema, type Convocazione, type ConvocazioneInput } from './rules';

/** What the coach edits before 'Salva'. */
export interface ConvocazioneFormValues {
  giocatori: number[];
  /** The ritrovo's 'HH:mm'. */
  ora: string;
  /** The ritrovo's place; blank: the match's pitch. */
  luogo: string;
  /** The deadline as a datetime-local field holds it: 'YYYY-MM-DDTHH:mm'. */
  scadenza: string;
  /** The offset the server answered the deadline with ('+01:00'), not shown: the deadline is sent with it. */
  fuso: string;
  note: string;
}

/** The form's values of a call-up as the server answered it. */
export const convocazioneFormValues = (c: Convocazione): ConvocazioneFormValues => ({
  giocatori: c.giocatori.map((g) => g.id),
  ora: c.ritrovo.ora,
  luogo: c.ritrovo.luogo,
  scadenza: c.scadenza.slice(0, 16),
  fuso: c.scadenza.slice(19),
  note: c.note ?? '',
});

/** The body as the form's values spell it (before the server's schema trims and checks it). */
const bodyOf = (v: ConvocazioneFormValues) => ({
  giocatori: v.giocatori,
  ritrovo: { ora: v.ora, luogo: v.luogo.trim() || null },
  scadenza: `${v.scadenza}:00${v.fuso}`,
  note: v.note,
});

/** The form's field a problem of the body belongs to (the ritrovo's are two fields of the form). */
const fieldOf = (path: ReadonlyArray<PropertyKey>): string => String(path[0] === 'ritrovo' ? (path[1] ?? 'ora') : (path[0] ?? 'giocatori'));

/** The form's values checked by the body's schema (its Italian messages, under their fields); the output is the body sent. */
export const convocazioneFormSchema = z
  .object({ giocatori: z.array(z.number()), ora: z.string(), luogo: z.string(), scadenza: z.string(), fuso: z.string(), note: z.string() })
  .superRefine((v, ctx) => {
    const result = convocazioneBodySchema.safeParse(bodyOf(v));
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [fieldOf(issue.path)] });
  })
  .transform((v): ConvocazioneInput => convocazioneBodySchema.parse(bodyOf(v)));
