import { cleanTextFilter, cleanTimeFilter, countActiveFilters, isHomeTeam, matchesFilters, normalizeFilters, sanitizePartite, sanitizeText, type Partita } from './read';
import { matchLabel, missingFields, partitaPayloadSchema, toPayload, validatePartita, type PartitaValues } from './rules';
import { isIsoDate } from '../core/date-text';
import { isTime, todayIn, weekdayDate } from '../core/dates';

const TODAY = '2026-11-21';
const ok: PartitaValues = {
  data: '2026-11-28',
  ora: '15:00',
  oraFine: '',
  squadraCasa: 'Lupi',
  squadraTrasferta: 'Aquile',
  campo: 'Campo Lupi',
  gruppo: 'Pulcini',
  isHouseMatch: false,
  spogliatoioGari: null,
  spogliatoioOspiti: null,
  terreno: '',
  tipoGara: 'torneo',
};
const create = (v: PartitaValues) => validatePartita({ ...ok, ...v }, { mode: 'create', today: TODAY });
const edit = (v: PartitaValues) => validatePartita({ ...ok, ...v }, { mode: 'edit', today: TODAY });

describe('validatePartita (docs/matches.md, validation)', () => {
  it('accepts valid values, today included', () => {
    expect(create({})).toBeNull();
    expect(create({ data: TODAY })).toBeNull();
  });

  it('names the missing fields with their labels on create, a generic message on edit', () => {
    expect(create({ data: '', campo: '  ', tipoGara: '' })).toBe('Campi obbligatori mancanti: Data partita, Campo, Tipo gara');
    expect(create({ isHouseMatch: true })).toBe('Campi obbligatori mancanti: Ora di fine');
    expect(edit({ gruppo: '' })).toBe('Compila tutti i campi obbligatori!');
    expect(missingFields({})).toEqual(['Data partita', 'Ora di inizio', 'Squadra di casa', 'Squadra ospite', 'Campo', 'Categoria', 'Tipo gara']);
  });

  it('refuses a date before today, equal teams, rooms out of 1-7; equal rooms on create only', () => {
    expect(create({ data: '2026-11-20' })).toBe('La data deve essere futura!');
    expect(edit({ data: '2026-11-20' })).toBe('La data deve essere futura!');
    expect(create({ squadraTrasferta: ' LUPI ' })).toBe('Le squadre devono essere diverse!');
    const home = { isHouseMatch: true, oraFine: '17:00' };
    expect(create({ ...home, spogliatoioGari: 8 })).toBe('I numeri degli spogliatoi devono essere compresi tra 1 e 7');
    expect(create({ ...home, spogliatoioOspiti: 0 })).toBe('I numeri degli spogliatoi devono essere compresi tra 1 e 7');
    expect(create({ ...home, spogliatoioGari: 3, spogliatoioOspiti: 3 })).toBe('I numeri degli spogliatoi devono essere diversi!');
    expect(edit({ ...home, spogliatoioGari: 3, spogliatoioOspiti: 3 })).toBeNull();
    // Rooms of an away match are not shown, so not checked.
    expect(create({ spogliatoioGari: 9 })).toBeNull();
  });

  it('refuses malformed dates and times and over-long text', () => {
    expect(create({ data: '2026-02-30' })).toBe('Data non valida: usa il formato AAAA-MM-GG');
    expect(create({ ora: '24:00' })).toBe('Ora non valida: usa il formato HH:MM');
    expect(create({ campo: 'c'.repeat(101) })).toBe('Testo troppo lungo: massimo 100 caratteri');
  });
});

describe('home detection and sent values', () => {
  it('a home team containing the club name (any case) is a home match', () => {
    expect(isHomeTeam('ASD Garibaldina Pulcini')).toBe(true);
    expect(isHomeTeam('GARIBALDINA')).toBe(true);
    expect(isHomeTeam('Lupi')).toBe(false);
    expect(isHomeTeam('Real Colle', 'colle')).toBe(true);
    expect(create({ squadraCasa: 'garibaldina' })).toBe('Campi obbligatori mancanti: Ora di fine');
  });

  it('trims text, nulls end time and rooms of away matches and an empty surface', () => {
    expect(toPayload({ ...ok, squadraCasa: ' Lupi ', oraFine: '17:00', spogliatoioGari: 2 })).toEqual({
      data: '2026-11-28',
      ora: '15:00',
      oraFine: null,
      squadraCasa: 'Lupi',
      squadraTrasferta: 'Aquile',
      campo: 'Campo Lupi',
      gruppo: 'Pulcini',
      isHouseMatch: false,
      spogliatoioGari: null,
      spogliatoioOspiti: null,
      terreno: null,
      tipoGara: 'torneo',
    });
    expect(toPayload({ ...ok, squadraCasa: 'Garibaldina', oraFine: '17:00:00', spogliatoioGari: 2, terreno: 'erba' })).toMatchObject({
      isHouseMatch: true,
      oraFine: '17:00',
      spogliatoioGari: 2,
      terreno: 'erba',
    });
  });

  it('the server schema refuses unknown fields and wrong types, and gives the rule message', () => {
    const schema = partitaPayloadSchema({ mode: 'create', today: TODAY });
    expect(schema.safeParse({ ...ok, hacker: 1 }).error?.issues[0].code).toBe('unrecognized_keys');
    expect(schema.safeParse({ ...ok, squadraCasa: 5 }).error?.issues[0].message).toBe('Dati non validi - controlla i campi obbligatori');
    expect(schema.safeParse({ ...ok, data: '2026-01-01' }).error?.issues[0].message).toBe('La data deve essere futura!');
    expect(schema.parse(ok)).toMatchObject({ squadraCasa: 'Lupi', terreno: null });
  });
});

describe('sanitising on read', () => {
  it('strips angle brackets, quotes, semicolons, backslashes and double dashes; cuts to 100', () => {
    expect(sanitizeText(`<script>alert("x");</script>`)).toBe('scriptalert(”x”)/script');
    // Quotes are shown typographic, never dropped: Italian names stay readable (docs/matches.md, reading matches).
    expect(sanitizeText(`Sant'Angelo \\ A--B -;- C`)).toBe('Sant’Angelo  AB  C');
    expect(sanitizeText("D'Annunzio `Dell'Orto`")).toBe('D’Annunzio ’Dell’Orto’');
    expect(sanitizeText('x'.repeat(150))).toHaveLength(100);
  });

  it('drops records of the wrong shape and cleans the rest', () => {
    const good = {
      id: '7',
      data: '2026-11-28',
      ora: '15:00:00',
      ora_fine: null,
      squadracasa: '<b>Lupi</b>',
      squadratrasferta: 'Aquile',
      gruppo: 'Pulcini',
      campo: 'Campo',
      is_house_match: false,
      spogliatoio_gari: null,
      spogliatoio_ospiti: 3,
      terreno: '',
      tipo_gara: 'torneo',
    };
    const list = sanitizePartite([good, { ...good, id: 'x' }, { ...good, data: 'ieri' }, { ...good, is_house_match: 'no' }, { ...good, campo: 5 }, null, 'a']);
    expect(list).toEqual([{ ...good, id: 7, squadracasa: 'bLupi/b', terreno: null }]);
    expect(sanitizePartite({ not: 'an array' })).toEqual([]);
  });
});

describe('dashboard filter rules', () => {
  it('time keeps digits and colon, 5 characters at most; text max 50 from a limited set', () => {
    expect(cleanTimeFilter('1a5:3x0:00')).toBe('15:30');
    expect(cleanTextFilter(`Lupi'; DROP--<x>`)).toBe('Lupi DROP-x');
    expect(cleanTextFilter('à'.repeat(60))).toHaveLength(50);
  });

  it('ignores a date not yyyy-mm-dd, unknown options and empty values', () => {
    expect(normalizeFilters({ data: '28/11/2026', ora: '', campo: '  ', terreno: 'cemento', tipoGara: 'torneo', gruppo: 'Pulc' })).toEqual({
      tipoGara: 'torneo',
      gruppo: 'Pulc',
    });
    expect(countActiveFilters({ data: '2026-11-28', campo: 'x', ora: '' })).toBe(2);
  });

  it('matches a loaded list like the server filters it', () => {
    const p = sanitizePartite([
      {
        id: 1, data: '2026-11-28', ora: '15:30:00', ora_fine: null, squadracasa: 'Garibaldina', squadratrasferta: 'Lupi',
        gruppo: 'Pulcini', campo: 'Stadio', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: 'erba', tipo_gara: 'torneo',
      },
    ])[0] as Partita;
    expect(matchesFilters(p, { ora: '15:3', squadracasa: 'gari', terreno: 'erba' })).toBe(true);
    expect(matchesFilters(p, { data: '2026-11-29' })).toBe(false);
    expect(matchesFilters(p, { tipoGara: 'campionato' })).toBe(false);
    expect(matchesFilters(p, { data: 'nonsense' })).toBe(true);
  });
});

describe('dates', () => {
  it('computes today in the club timezone, not the machine one', () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Rome.
    expect(todayIn('Europe/Rome', new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(todayIn('America/New_York', new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-21');
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isTime('09:05')).toBe(true);
    expect(isTime('9:05')).toBe(false);
  });

  it('writes a day as the mails do: the Italian weekday, then dd/mm/yyyy', () => {
    expect(weekdayDate('2026-11-22')).toBe('domenica 22/11/2026');
    expect(weekdayDate('2027-03-01')).toBe('lunedì 01/03/2027');
  });
});

describe('matchLabel', () => {
  it('names a match by teams, category when given, date dd/mm/yyyy and time HH:MM', () => {
    const p = { squadracasa: 'Garibaldina 2013', squadratrasferta: 'Lucca', data: '2026-12-03', ora: '10:00:00' };
    expect(matchLabel({ ...p, gruppo: 'Esordienti' })).toBe('Garibaldina 2013 - Lucca (Esordienti) del 03/12/2026 ore 10:00');
    expect(matchLabel(p)).toBe('Garibaldina 2013 - Lucca del 03/12/2026 ore 10:00');
  });
});
