import { GIOCATORI_MSG } from './messages';
import {
  addDays,
  avvisiGiocatore,
  certificatoRichiesto,
  certificatoValidoIl,
  compleanno,
  giocatoreFieldErrors,
  giocatoreInputSchema,
  gruppiSeguitiBodySchema,
  giocatoriQuerySchema,
  isInizioStagione,
  nonIdonei,
  problemaCertificato,
  scadenze,
  stagioneDi,
  type Certificato,
} from './rules';

const TODAY = '2026-11-28';
const schema = giocatoreInputSchema(() => TODAY);
const base = { nome: 'Luca', cognome: 'Bianchi', dataNascita: '2015-03-04', gruppo: 'Pulcini' };
const firstMessage = (input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('accettato');
  return r.error.issues[0].message;
};

describe('the season', () => {
  it('runs 1 July to 30 June: its first and last day belong to it, the days around them to the next and previous', () => {
    expect(stagioneDi('2025-07-01')).toEqual({ inizio: '2025-07-01', fine: '2026-06-30' });
    expect(stagioneDi('2026-06-30')).toEqual({ inizio: '2025-07-01', fine: '2026-06-30' });
    expect(stagioneDi('2025-06-30')).toEqual({ inizio: '2024-07-01', fine: '2025-06-30' });
    expect(stagioneDi('2026-07-01')).toEqual({ inizio: '2026-07-01', fine: '2027-06-30' });
    expect(stagioneDi('2026-01-15')).toEqual({ inizio: '2025-07-01', fine: '2026-06-30' });
  });

  it('follows another first day when the setting says so (the day before it ends the season, leap years too)', () => {
    const regola = { etaAgonistico: 12, inizioStagione: '03-01' };
    expect(stagioneDi('2024-02-29', regola)).toEqual({ inizio: '2023-03-01', fine: '2024-02-29' });
    expect(stagioneDi('2025-03-01', regola)).toEqual({ inizio: '2025-03-01', fine: '2026-02-28' });
    expect(isInizioStagione('07-01')).toBe(true);
    expect(isInizioStagione('02-29')).toBe(false);
    expect(isInizioStagione('13-01')).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-28', 30)).toBe('2026-12-28');
  });
  // Its speed (25 players under 1 ms) is measured by bench/players.ts, not here: a timing bound fails on a loaded machine.
});

describe('the certificate rule (art. 43 NOIF as amended in 2017)', () => {
  it('a 12th birthday on 30 June, the season’s last day, needs the competitive one for the whole season', () => {
    const nato = '2014-06-30';
    expect(compleanno(nato, 12)).toBe('2026-06-30');
    expect(certificatoRichiesto(nato, '2025-07-01')).toBe('agonistico');
    expect(certificatoRichiesto(nato, '2026-06-30')).toBe('agonistico');
    expect(certificatoRichiesto(nato, '2025-06-30')).toBe('non_agonistico');
  });

  it('a 12th birthday on 1 July belongs to the next season: non-competitive until its first day', () => {
    const nato = '2014-07-01';
    expect(certificatoRichiesto(nato, '2025-07-01')).toBe('non_agonistico');
    expect(certificatoRichiesto(nato, '2026-06-30')).toBe('non_agonistico');
    expect(certificatoRichiesto(nato, '2026-07-01')).toBe('agonistico');
  });

  it('born on 29 February: the birthday of a common year is 1 March', () => {
    expect(compleanno('2012-02-29', 12)).toBe('2024-02-29');
    expect(compleanno('2012-02-29', 13)).toBe('2025-03-01');
  });

  it('reads its settings: another age, another first day of the season', () => {
    const regola = { etaAgonistico: 11, inizioStagione: '09-01' };
    // Turns 11 on 31 August 2026: the season 1 Sep 2025 - 31 Aug 2026 holds it.
    expect(certificatoRichiesto('2015-08-31', '2025-09-01', regola)).toBe('agonistico');
    expect(certificatoRichiesto('2015-09-01', '2026-08-31', regola)).toBe('non_agonistico');
    expect(certificatoRichiesto('2015-09-01', '2026-09-01', regola)).toBe('agonistico');
  });

  it('a certificate is valid on the day it expires, not the day after', () => {
    const c: Certificato = { tipo: 'agonistico', scadenza: '2026-10-10' };
    expect(certificatoValidoIl(c, '2026-10-10')).toBe(true);
    expect(certificatoValidoIl(c, '2026-10-09')).toBe(true);
    expect(certificatoValidoIl(c, '2026-10-11')).toBe(false);
    expect(certificatoValidoIl(null, '2026-10-10')).toBe(false);
  });

  it('names the problem on a match day: missing, the wrong type, expired; either type is enough before the age', () => {
    const giovane = { dataNascita: '2017-05-05' };
    const grande = { dataNascita: '2013-05-05' };
    const non = (scadenza: string) => ({ tipo: 'non_agonistico' as const, scadenza });
    const ago = (scadenza: string) => ({ tipo: 'agonistico' as const, scadenza });
    expect(problemaCertificato({ ...giovane, certificato: null }, '2026-10-10')).toBe('certificato_mancante');
    expect(problemaCertificato({ ...giovane, certificato: non('2026-10-10') }, '2026-10-10')).toBeNull();
    expect(problemaCertificato({ ...giovane, certificato: ago('2026-10-10') }, '2026-10-10')).toBeNull();
    expect(problemaCertificato({ ...giovane, certificato: non('2026-10-09') }, '2026-10-10')).toBe('scaduto');
    expect(problemaCertificato({ ...grande, certificato: non('2027-10-10') }, '2026-10-10')).toBe('tipo_non_valido');
    expect(problemaCertificato({ ...grande, certificato: ago('2026-10-10') }, '2026-10-10')).toBeNull();
    expect(problemaCertificato({ ...grande, certificato: ago('2026-10-09') }, '2026-10-10')).toBe('scaduto');
  });

  it('lists the players of a roster who may not play on a match day', () => {
    const roster = [
      { id: 1, dataNascita: '2015-01-01', certificato: { tipo: 'agonistico' as const, scadenza: '2027-01-01' } },
      { id: 2, dataNascita: '2015-01-01', certificato: null },
      { id: 3, dataNascita: '2015-01-01', certificato: { tipo: 'agonistico' as const, scadenza: '2026-11-28' } },
    ];
    expect(nonIdonei(roster, '2026-11-29').map((x) => [x.giocatore.id, x.problema])).toEqual([
      [2, 'certificato_mancante'],
      [3, 'scaduto'],
    ]);
  });
  // Its speed (25 players under 1 ms) is measured by bench/players.ts, not here: a timing bound fails on a loaded machine.
});

describe('the expiry panel', () => {
  const p = (id: number, cognome: string, certificato: Certificato | null, numeroTessera: string | null = 'T1', dataNascita = '2016-02-02') => ({
    id,
    nome: 'N',
    cognome,
    gruppo: 'Pulcini',
    dataNascita,
    certificato,
    numeroTessera,
  });

  it('lists expired, expiring within 30 days, missing certificates and cards, by date, the undated last', () => {
    const list = scadenze(
      [
        p(1, 'Valido', { tipo: 'agonistico', scadenza: '2026-12-29' }),
        p(2, 'Trenta', { tipo: 'agonistico', scadenza: '2026-12-28' }),
        p(3, 'Oggi', { tipo: 'agonistico', scadenza: '2026-11-28' }),
        p(4, 'Ieri', { tipo: 'agonistico', scadenza: '2026-11-27' }),
        p(5, 'Senza', null),
        p(6, 'Tessera', { tipo: 'agonistico', scadenza: '2027-06-01' }, null),
      ],
      TODAY,
    );
    expect(list.map((v) => [v.cognome, v.motivo, v.data])).toEqual([
      ['Ieri', 'scaduto', '2026-11-27'],
      ['Oggi', 'in_scadenza', '2026-11-28'],
      ['Trenta', 'in_scadenza', '2026-12-28'],
      ['Senza', 'certificato_mancante', null],
      ['Tessera', 'tessera_mancante', null],
    ]);
  });

  it('warns when the type stops being enough within the horizon (a new season and a 12th birthday)', () => {
    // On 15 June 2026 a player born in January 2015 turns 12 in the season from 1 July 2026.
    const list = scadenze([p(1, 'Quasi', { tipo: 'non_agonistico', scadenza: '2027-01-01' }, 'T', '2015-01-10')], '2026-06-15');
    expect(list.map((v) => [v.motivo, v.data])).toEqual([['tipo_non_valido', '2026-07-01']]);
  });
  // Its speed (25 players under 1 ms) is measured by bench/players.ts, not here: a timing bound fails on a loaded machine.
});

describe('the player body', () => {
  it('trims, turns blanks into null, lower-cases emails and keeps digits of phones', () => {
    expect(
      schema.parse({
        ...base,
        nome: ' Luca ',
        numeroTessera: ' ',
        certificato: { tipo: 'non_agonistico', scadenza: '2027-01-31' },
        contatti: [{ nome: ' Anna ', relazione: 'madre', email: ' Anna@Example.IT ', telefono: '333 123 4567' }],
        note: '',
      }),
    ).toEqual({
      nome: 'Luca',
      cognome: 'Bianchi',
      dataNascita: '2015-03-04',
      gruppo: 'Pulcini',
      numeroTessera: null,
      certificato: { tipo: 'non_agonistico', scadenza: '2027-01-31' },
      squalificatoFino: null,
      contatti: [{ nome: 'Anna', relazione: 'madre', email: 'anna@example.it', telefono: '3331234567' }],
      note: null,
    });
  });

  it('refuses unknown fields, by name (nothing beyond what the issue lists is stored)', () => {
    expect(firstMessage({ ...base, diagnosi: 'x' })).toBe('Campo non previsto: diagnosi');
    expect(firstMessage({ ...base, certificato: { tipo: 'agonistico', scadenza: '2027-01-01', file: 'x.pdf' } })).toBe('Campo non previsto: file');
  });

  it('wants single-line names and real dates, a birth date in the past', () => {
    expect(firstMessage({ ...base, cognome: 'Bian\nchi' })).toBe(GIOCATORI_MSG.invalid.riga('Cognome'));
    expect(firstMessage({ ...base, nome: '   ' })).toBe(GIOCATORI_MSG.invalid.nome);
    expect(firstMessage({ ...base, dataNascita: '2015-02-30' })).toBe(GIOCATORI_MSG.invalid.data('Data di nascita'));
    expect(firstMessage({ ...base, dataNascita: '04/03/2015' })).toBe(GIOCATORI_MSG.invalid.data('Data di nascita'));
    expect(firstMessage({ ...base, dataNascita: TODAY })).toBe(GIOCATORI_MSG.invalid.nascitaFutura);
    expect(schema.parse({ ...base, dataNascita: '2026-11-27' }).dataNascita).toBe('2026-11-27');
    expect(firstMessage({ ...base, dataNascita: '1899-12-31' })).toBe(GIOCATORI_MSG.invalid.nascitaAntica);
    expect(firstMessage({ ...base, squalificatoFino: '2026-13-01' })).toBe(GIOCATORI_MSG.invalid.data('Squalificato fino al'));
    expect(firstMessage({ ...base, nome: 'x'.repeat(51) })).toBe(GIOCATORI_MSG.invalid.lungo('Nome', 50));
    expect(firstMessage({ ...base, gruppo: '' })).toBe(GIOCATORI_MSG.invalid.gruppo);
  });

  it('a certificate has both type and expiry, or is null', () => {
    expect(schema.parse({ ...base, certificato: null }).certificato).toBeNull();
    expect(firstMessage({ ...base, certificato: { tipo: 'agonistico' } })).toBe(GIOCATORI_MSG.invalid.data('Scadenza del certificato'));
    expect(firstMessage({ ...base, certificato: { tipo: 'sportivo', scadenza: '2027-01-01' } })).toBe(GIOCATORI_MSG.invalid.tipo);
    expect(firstMessage({ ...base, certificato: 'agonistico' })).toBe(GIOCATORI_MSG.invalid.certificato);
  });

  it('card numbers, notes and contacts within their limits', () => {
    expect(schema.parse({ ...base, numeroTessera: ' 1234567 ' }).numeroTessera).toBe('1234567');
    expect(firstMessage({ ...base, numeroTessera: '12;34' })).toBe(GIOCATORI_MSG.invalid.tessera);
    expect(firstMessage({ ...base, numeroTessera: '1'.repeat(21) })).toBe(GIOCATORI_MSG.invalid.lungo('Numero di tessera', 20));
    expect(firstMessage({ ...base, note: 'x'.repeat(201) })).toBe(GIOCATORI_MSG.invalid.lungo('Note', 200));
    expect(firstMessage({ ...base, note: 'riga\nriga' })).toBe(GIOCATORI_MSG.invalid.riga('Note'));
    const c = { nome: 'Anna' };
    expect(firstMessage({ ...base, contatti: [c, c, c, c] })).toBe(GIOCATORI_MSG.invalid.contatti(3));
    expect(firstMessage({ ...base, contatti: [c, { telefono: '333' }] })).toBe(GIOCATORI_MSG.invalid.contattoNome(2));
    expect(firstMessage({ ...base, contatti: [{ nome: 'A', email: 'nonunindirizzo' }] })).toBe(GIOCATORI_MSG.invalid.email(1));
    expect(firstMessage({ ...base, contatti: [{ nome: 'A', telefono: '+39 333 1234567' }] })).toBe(GIOCATORI_MSG.invalid.telefono(1));
    expect(firstMessage({ ...base, contatti: [{ nome: 'A', codiceFiscale: 'X' }] })).toBe('Campo non previsto: codiceFiscale');
    expect(giocatoreFieldErrors({ ...base, contatti: [{ nome: 'A', email: 'x' }] }, () => TODAY)).toEqual({ 'contatti.0.email': GIOCATORI_MSG.invalid.email(1) });
  });

  it('warns (without refusing) about a minor nobody can be reached for', () => {
    expect(avvisiGiocatore({ dataNascita: '2015-03-04', contatti: [] }, TODAY)).toEqual([GIOCATORI_MSG.nessunContatto]);
    expect(avvisiGiocatore({ dataNascita: '2015-03-04', contatti: [{ nome: 'A', relazione: null, email: null, telefono: null }] }, TODAY)).toEqual([
      GIOCATORI_MSG.nessunContatto,
    ]);
    expect(avvisiGiocatore({ dataNascita: '2015-03-04', contatti: [{ nome: 'A', relazione: null, email: null, telefono: '3331234567' }] }, TODAY)).toEqual([]);
    // 18 on the day: no longer a minor.
    expect(avvisiGiocatore({ dataNascita: '2008-11-28', contatti: [] }, TODAY)).toEqual([]);
    expect(avvisiGiocatore({ dataNascita: '2008-11-29', contatti: [] }, TODAY)).toEqual([GIOCATORI_MSG.nessunContatto]);
  });
  // Its speed (25 players under 1 ms) is measured by bench/players.ts, not here: a timing bound fails on a loaded machine.
});

describe('the other inputs', () => {
  it('the list query: a category and days from 0 to 366, nothing else', () => {
    expect(giocatoriQuerySchema.parse({ gruppo: 'Pulcini', scadenzaEntro: '30' })).toEqual({ gruppo: 'Pulcini', scadenzaEntro: 30 });
    for (const scadenzaEntro of ['-1', '367', 'trenta', '1.5']) expect(giocatoriQuerySchema.safeParse({ scadenzaEntro }).success).toBe(false);
    expect(giocatoriQuerySchema.safeParse({ nome: 'Luca' }).success).toBe(false);
  });

  it('the ties of a user: the categories named, or every one, not both', () => {
    expect(gruppiSeguitiBodySchema.parse({ gruppi: ['Pulcini', 'Pulcini', 'Esordienti'] })).toEqual({ tutte: false, gruppi: ['Pulcini', 'Esordienti'] });
    expect(gruppiSeguitiBodySchema.parse({ gruppi: [] })).toEqual({ tutte: false, gruppi: [] });
    expect(gruppiSeguitiBodySchema.parse({ tutte: true })).toEqual({ tutte: true, gruppi: [] });
    for (const body of [{}, { tutte: false }, { tutte: true, gruppi: [] }, { gruppi: 'Pulcini' }, { gruppi: [''] }]) {
      expect(gruppiSeguitiBodySchema.safeParse(body).success).toBe(false);
    }
  });
  // Its speed (25 players under 1 ms) is measured by bench/players.ts, not here: a timing bound fails on a loaded machine.
});
