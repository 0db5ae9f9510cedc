import { z } from '../../../common/core/zod';
import { giocatoreInputSchema, type Giocatore, type GiocatoreInputRaw, type TipoCertificato } from '../../../common/players/rules';

/** A guardian's row as typed. */
export interface ContattoValues {
  nome: string;
  relazione: string;
  email: string;
  telefono: string;
}

/**
 * The player form's values as typed: every field a string ('' while empty), the certificate as its two
 * fields (both empty: none). The body's schema reads them through toRaw, so a problem's path is the
 * field's name (certificato.scadenza, contatti.0.email).
 */
export interface PlayerFormValues {
  nome: string;
  cognome: string;
  dataNascita: string;
  gruppo: string;
  numeroTessera: string;
  certificato: { tipo: TipoCertificato | ''; scadenza: string };
  squalificatoFino: string;
  contatti: ContattoValues[];
  note: string;
}

export const emptyContatto = (): ContattoValues => ({ nome: '', relazione: '', email: '', telefono: '' });

/** A new player's form, in the category being shown (if one is). */
export const emptyPlayer = (gruppo = ''): PlayerFormValues => ({
  nome: '',
  cognome: '',
  dataNascita: '',
  gruppo,
  numeroTessera: '',
  certificato: { tipo: '', scadenza: '' },
  squalificatoFino: '',
  contatti: [],
  note: '',
});

export const fromGiocatore = (g: Giocatore): PlayerFormValues => ({
  nome: g.nome,
  cognome: g.cognome,
  dataNascita: g.dataNascita,
  gruppo: g.gruppo,
  numeroTessera: g.numeroTessera ?? '',
  certificato: g.certificato ? { ...g.certificato } : { tipo: '', scadenza: '' },
  squalificatoFino: g.squalificatoFino ?? '',
  contatti: g.contatti.map((c) => ({ nome: c.nome, relazione: c.relazione ?? '', email: c.email ?? '', telefono: c.telefono ?? '' })),
  note: g.note ?? '',
});

/** The body a client sends for these values: no certificate when both its fields are empty, no suspension when its date is. */
export function toRaw(v: PlayerFormValues): GiocatoreInputRaw {
  const { tipo, scadenza } = v.certificato;
  return {
    ...v,
    certificato: tipo === '' && scadenza === '' ? null : ({ tipo, scadenza } as { tipo: TipoCertificato; scadenza: string }),
    squalificatoFino: v.squalificatoFino === '' ? null : v.squalificatoFino,
  };
}

/** The server's own schema of a player's body (common/players/rules.ts) over the form's values. */
export const playerFormSchema = (today: () => string) => z.preprocess((v: PlayerFormValues) => toRaw(v), giocatoreInputSchema(today));
