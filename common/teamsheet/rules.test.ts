import { DISTINTA_MSG as M } from './messages';
import {
  controllaDistinta,
  controllaGiocatore,
  controllaStaff,
  distintaBodySchema,
  distinteQuerySchema,
  problemiRighe,
  type GiocatoreControllo,
  type RigaDistinta,
  type VoceStaff,
} from './rules';

// The team sheet's check at its boundaries (docs/teamsheet.md): the match is on Saturday 10 April
// 2027, in the season 1 July 2026 - 30 June 2027; the category's players are born 2015-2016.
const DAY = '2027-04-10';
const ctx = { data: DAY, annoDa: 2015, annoA: 2016 };
const player = (over: Partial<GiocatoreControllo> = {}): GiocatoreControllo => ({
  id: 1,
  nome: 'Luca',
  cognome: 'Bianchi',
  dataNascita: '2015-09-01',
  numeroTessera: '1234567',
  certificato: { tipo: 'non_agonistico', scadenza: '2027-09-01' },
  squalificatoFino: null,
  ...over,
});
const check = (over: Partial<GiocatoreControllo> = {}) => controllaGiocatore(player(over), ctx);
const OK = { idoneo: true, motivi: [], avvisi: [] };

describe('a player on the match day', () => {
  it('a certificate expiring on the match day still covers it; one that expired the day before does not', () => {
    expect(check({ certificato: { tipo: 'non_agonistico', scadenza: '2027-04-10' } })).toEqual(OK);
    expect(check({ certificato: { tipo: 'non_agonistico', scadenza: '2027-04-09' } })).toEqual({
      idoneo: false,
      motivi: [M.motivi.scaduto('2027-04-09')],
      avvisi: [],
    });
    expect(M.motivi.scaduto('2027-04-09')).toBe('Certificato scaduto il 09/04/2027');
  });

  it('no certificate at all blocks', () => {
    expect(check({ certificato: null })).toEqual({ idoneo: false, motivi: [M.motivi.certificatoMancante], avvisi: [] });
  });

  it('the competitive-age boundary: a 12th birthday on 30 June (the season’s last day) needs the competitive one, on 1 July not yet', () => {
    const nonAgonistico = { tipo: 'non_agonistico' as const, scadenza: '2027-12-31' };
    const wide = { ...ctx, annoDa: null, annoA: null };
    expect(controllaGiocatore(player({ dataNascita: '2015-06-30', certificato: nonAgonistico }), wide)).toEqual({ idoneo: false, motivi: [M.motivi.tipoNonValido], avvisi: [] });
    expect(controllaGiocatore(player({ dataNascita: '2015-07-01', certificato: nonAgonistico }), wide)).toEqual(OK);
    expect(controllaGiocatore(player({ dataNascita: '2015-06-30', certificato: { tipo: 'agonistico', scadenza: '2027-12-31' } }), wide)).toEqual(OK);
    // The competitive one is always enough, even where the non-competitive one would be.
    expect(controllaGiocatore(player({ dataNascita: '2015-07-01', certificato: { tipo: 'agonistico', scadenza: '2027-12-31' } }), wide)).toEqual(OK);
  });

  it('a suspension ending the day before leaves the player free; one ending on the match day blocks', () => {
    expect(check({ squalificatoFino: '2027-04-09' })).toEqual(OK);
    expect(check({ squalificatoFino: '2027-04-10' })).toEqual({ idoneo: false, motivi: [M.motivi.squalificato('2027-04-10')], avvisi: [] });
    expect(check({ squalificatoFino: '2027-05-01', certificato: null }).motivi).toEqual([M.motivi.certificatoMancante, M.motivi.squalificato('2027-05-01')]);
  });

  it('a missing card and a birth year outside the category are warnings: the player may still play', () => {
    expect(check({ numeroTessera: null })).toEqual({ idoneo: true, motivi: [], avvisi: [M.avvisi.tesseraMancante] });
    const agonistico = { tipo: 'agonistico' as const, scadenza: '2027-12-31' };
    expect(check({ dataNascita: '2014-12-31', certificato: agonistico })).toEqual({ idoneo: true, motivi: [], avvisi: [M.avvisi.fuoriAnni(2014, 2015, 2016)] });
    expect(check({ dataNascita: '2017-01-01', certificato: null }).avvisi).toEqual([M.avvisi.fuoriAnni(2017, 2015, 2016)]);
    expect(check({ dataNascita: '2015-01-01', certificato: agonistico })).toEqual(OK);
    expect(check({ dataNascita: '2016-12-31' })).toEqual(OK);
    expect(controllaGiocatore(player({ dataNascita: '2010-01-01', certificato: { tipo: 'agonistico', scadenza: '2028-01-01' } }), { data: DAY, annoDa: null, annoA: null })).toEqual(OK);
    expect(M.avvisi.fuoriAnni(2014, 2015, 2016)).toBe('Nato nel 2014: fuori dagli anni della categoria (2015-2016)');
    expect(M.avvisi.fuoriAnni(2014, 2015, null)).toBe('Nato nel 2014: fuori dagli anni della categoria (dal 2015)');
  });
});

const riga = (id: number, numero: number, over: Partial<RigaDistinta> = {}): RigaDistinta => ({ id, numero, capitano: false, vice: false, ...over });

describe('the lines of a save', () => {
  it('a shirt number given twice names both players', () => {
    expect(problemiRighe([riga(1, 7), riga(2, 10), riga(3, 7)])).toEqual([
      { giocatore: 1, motivo: M.problemi.numeroRipetuto(7) },
      { giocatore: 3, motivo: M.problemi.numeroRipetuto(7) },
    ]);
  });

  it('two captains, two vice-captains, one player both: each named', () => {
    expect(problemiRighe([riga(1, 1, { capitano: true }), riga(2, 2, { capitano: true }), riga(3, 3, { vice: true })])).toEqual([
      { giocatore: 1, motivo: M.problemi.dueCapitani },
      { giocatore: 2, motivo: M.problemi.dueCapitani },
    ]);
    expect(problemiRighe([riga(1, 1, { vice: true }), riga(2, 2, { vice: true })]).map((p) => p.motivo)).toEqual([M.problemi.dueVice, M.problemi.dueVice]);
    expect(problemiRighe([riga(1, 1, { capitano: true, vice: true })])).toEqual([{ giocatore: 1, motivo: M.problemi.capitanoEVice }]);
  });

  it('a player named twice is refused at the repeat', () => {
    expect(problemiRighe([riga(4, 1), riga(4, 2)])).toEqual([{ giocatore: 4, motivo: M.problemi.ripetuto }]);
  });

  it('one captain, one vice, numbers 1 and 99: nothing to say', () => {
    expect(problemiRighe([riga(1, 1, { capitano: true }), riga(2, 99, { vice: true }), riga(3, 50)])).toEqual([]);
  });
});

const staff = (ruolo: VoceStaff['ruolo'], id: number, numeroTessera: string | null = 'T1'): VoceStaff => ({ ruolo, id, nome: 'Anna', cognome: `Verdi${id}`, numeroTessera });

describe('the staff', () => {
  it('the accompanying official is required; the coach and the cards are warnings', () => {
    expect(controllaStaff([], true)).toEqual({ motivi: [M.motiviDistinta.senzaAccompagnatore], avvisi: [M.avvisiDistinta.senzaAllenatore] });
    expect(controllaStaff([staff('accompagnatore', 1), staff('allenatore', 2)], true)).toEqual({ motivi: [], avvisi: [] });
    expect(controllaStaff([staff('accompagnatore', 1, null), staff('allenatore', 2), staff('altro', 3, null)], true).avvisi).toEqual([
      M.avvisiDistinta.staffSenzaTessera(M.ruoli.accompagnatore, 'Anna Verdi1'),
      M.avvisiDistinta.staffSenzaTessera(M.ruoli.altro, 'Anna Verdi3'),
    ]);
  });

  it("the referee's attendant belongs to a home match: on an away match it blocks the sheet", () => {
    const list = [staff('accompagnatore', 1), staff('addettoArbitro', 2), staff('allenatore', 3)];
    expect(controllaStaff(list, true)).toEqual({ motivi: [], avvisi: [] });
    expect(controllaStaff(list, false)).toEqual({ motivi: [M.motiviDistinta.addettoInTrasferta], avvisi: [] });
  });
});

describe('the whole sheet', () => {
  const complete = [staff('accompagnatore', 1), staff('allenatore', 2)];
  const partita = { data: DAY, casa: true, dataDaDefinire: false, maxDistinta: 3, salvata: true };
  const line = (over: Partial<{ idoneo: boolean; capitano: boolean; vice: boolean }> = {}) => ({ idoneo: true, capitano: false, vice: false, ...over });

  it('is printable when saved, with players all allowed and the staff complete', () => {
    expect(controllaDistinta([line({ capitano: true }), line({ vice: true })], complete, partita)).toEqual({ motivi: [], avvisi: [], stampabile: true });
  });

  it('more players than the category allows is a warning (a save is refused by the server)', () => {
    const four = [line({ capitano: true }), line({ vice: true }), line(), line()];
    expect(controllaDistinta(four, complete, partita).avvisi).toEqual([M.avvisiDistinta.troppi(4, 3)]);
    expect(controllaDistinta(four.slice(0, 3), complete, partita).avvisi).toEqual([]);
  });

  it('a blocked player, an unsaved sheet, an empty one or a missing accompanying official stop the print', () => {
    expect(controllaDistinta([line({ capitano: true, vice: false }), line({ idoneo: false, vice: true })], complete, partita)).toMatchObject({
      motivi: [M.motiviDistinta.giocatoriNonIdonei(1)],
      stampabile: false,
    });
    // A proposal is no sheet yet: its blocked players are shown one by one, not as the sheet's reason.
    expect(controllaDistinta([line(), line({ idoneo: false })], complete, { ...partita, salvata: false })).toEqual({ motivi: [M.motiviDistinta.nonSalvata], avvisi: [], stampabile: false });
    expect(controllaDistinta([], complete, partita).motivi).toEqual([M.motiviDistinta.vuota]);
    expect(controllaDistinta([line({ capitano: true }), line({ vice: true })], [staff('allenatore', 2)], partita).motivi).toEqual([M.motiviDistinta.senzaAccompagnatore]);
  });

  it('a saved sheet without captain or vice-captain, and a match whose date is to be set, are warned about', () => {
    expect(controllaDistinta([line(), line()], complete, partita).avvisi).toEqual([M.avvisiDistinta.senzaCapitano, M.avvisiDistinta.senzaVice]);
    expect(controllaDistinta([line({ capitano: true }), line({ vice: true })], complete, { ...partita, dataDaDefinire: true }).avvisi).toEqual([
      M.avvisiDistinta.dataDaDefinire(DAY),
    ]);
  });
});

describe('the body of a save', () => {
  const parse = (body: unknown) => {
    const r = distintaBodySchema.safeParse(body);
    return r.success ? r.data : r.error.issues[0].message;
  };

  it('reads the lines in order, captain and vice false unless said, the staff as sent', () => {
    expect(parse({ giocatori: [{ id: 3, numero: 1, capitano: true }, { id: 1, numero: 99 }] })).toEqual({
      giocatori: [
        { id: 3, numero: 1, capitano: true, vice: false },
        { id: 1, numero: 99, capitano: false, vice: false },
      ],
      staff: {},
    });
    expect(parse({ giocatori: [], staff: { allenatore: null, altri: [4, 4, 5] } })).toEqual({ giocatori: [], staff: { allenatore: null, altri: [4, 5] } });
    expect(parse({ giocatori: [], staff: { altri: [] } })).toEqual({ giocatori: [], staff: { altri: [] } });
  });

  it('refuses numbers outside 1-99, bad ids and flags, unknown fields, too many lines, in Italian', () => {
    expect(parse({ giocatori: [{ id: 1, numero: 0 }] })).toBe(M.invalid.numero);
    expect(parse({ giocatori: [{ id: 1, numero: 100 }] })).toBe(M.invalid.numero);
    expect(parse({ giocatori: [{ id: 1, numero: 7.5 }] })).toBe(M.invalid.numero);
    expect(parse({ giocatori: [{ id: 1, numero: '7' }] })).toBe(M.invalid.numero);
    expect(parse({ giocatori: [{ id: 0, numero: 7 }] })).toBe(M.invalid.id);
    expect(parse({ giocatori: [{ id: 2 ** 40, numero: 7 }] })).toBe(M.invalid.id);
    expect(parse({ giocatori: [{ id: 1, numero: 7, capitano: 'sì' }] })).toBe(M.invalid.flag);
    expect(parse({ giocatori: [{ id: 1, numero: 7, ruolo: 'portiere' }] })).toBe('Campo non previsto: ruolo');
    expect(parse({ giocatori: ['Rossi'] })).toBe(M.invalid.giocatore);
    expect(parse({ giocatori: 'tutti' })).toBe(M.invalid.body);
    expect(parse({})).toBe(M.invalid.body);
    expect(parse({ giocatori: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, numero: 1 })) })).toBe(M.invalid.giocatori(99));
    expect(parse({ giocatori: [], staff: { allenatore: 'Rossi' } })).toBe(M.invalid.persona);
    expect(parse({ giocatori: [], staff: { altri: Array.from({ length: 9 }, (_, i) => i + 1) } })).toBe(M.invalid.altri(8));
    expect(parse({ giocatori: [], staff: 'tutti' })).toBe(M.invalid.staff);
  });

  it('the day of GET /api/distinte is a real date', () => {
    expect(distinteQuerySchema.safeParse({ data: '2027-04-10' }).success).toBe(true);
    for (const data of ['2027-02-30', '10/04/2027', 'x'.repeat(300)]) expect(distinteQuerySchema.safeParse({ data }).error?.issues[0].message).toBe(M.invalid.data);
  });
});
