import {
  arbitroSocietaDefault,
  designazioniBodySchema,
  designazioniProblem,
  dirigentePayloadSchema,
  missingRoles,
  personClashes,
  type Designazioni,
  type Dirigente,
  type Impegno,
} from './rules';
import { DIRIGENTI_MSG } from './messages';
import type { ClashMatch } from '../occupancy/rules';

// The officials' rules (docs/officials.md): who may hold a role, when a person is in two places,
// which roles a match still needs.

const person = (id: number, over: Partial<Dirigente> = {}): Dirigente => ({
  id,
  nome: `Nome${id}`,
  cognome: `Cognome${id}`,
  email: `p${id}@example.it`,
  telefono: null,
  qualifiche: ['arbitro', 'accompagnatore', 'addetto_arbitro'],
  attivo: true,
  numeroTessera: null,
  ...over,
});
const people = (...list: Dirigente[]) => new Map(list.map((p) => [p.id, p]));
const d = (over: Partial<Designazioni> = {}): Designazioni => ({ arbitro: null, accompagnatore: null, addettoArbitro: null, ...over });

const match = (id: number, over: Partial<Omit<ClashMatch, 'id'>> = {}): ClashMatch & { id: number } => ({
  id,
  data: '2030-03-09',
  ora: '10:00',
  ora_fine: '11:00',
  squadracasa: 'Garibaldina',
  squadratrasferta: `Ospiti${id}`,
  campo: 'Campo Comunale',
  gruppo: 'Pulcini',
  is_house_match: true,
  spogliatoio_gari: null,
  spogliatoio_ospiti: null,
  ...over,
});
const impegno = (partita: ClashMatch & { id: number }, dirigenteId = 1): Impegno => ({ partita, ruolo: 'accompagnatore', dirigenteId, persona: 'Mario Rossi' });

describe('designazioniProblem', () => {
  it('accepts qualified, active people and nobody', () => {
    expect(designazioniProblem(d(), people())).toBeNull();
    expect(designazioniProblem(d({ arbitro: 1, accompagnatore: 2, addettoArbitro: 2 }), people(person(1), person(2)))).toBeNull();
  });

  it('refuses a person without the qualification of the role', () => {
    const p = person(1, { nome: 'Mario', cognome: 'Rossi', qualifiche: ['accompagnatore'] });
    expect(designazioniProblem(d({ arbitro: 1 }), people(p))).toBe(DIRIGENTI_MSG.notQualified('Mario Rossi', 'Arbitro'));
    expect(designazioniProblem(d({ addettoArbitro: 1 }), people(p))).toBe(DIRIGENTI_MSG.notQualified('Mario Rossi', "Addetto all'arbitro"));
    expect(designazioniProblem(d({ accompagnatore: 1 }), people(p))).toBeNull();
  });

  it('refuses an inactive or unknown person', () => {
    expect(designazioniProblem(d({ accompagnatore: 1 }), people(person(1, { nome: 'Anna', cognome: 'Bianchi', attivo: false })))).toBe(DIRIGENTI_MSG.inactive('Anna Bianchi'));
    expect(designazioniProblem(d({ accompagnatore: 9 }), people(person(1)))).toBe(DIRIGENTI_MSG.unknownPerson);
  });

  it('keeps the referee alone in the match; accompanying and looking after the referee may go together', () => {
    expect(designazioniProblem(d({ arbitro: 1, accompagnatore: 1 }), people(person(1)))).toBe(DIRIGENTI_MSG.refereeAlone);
    expect(designazioniProblem(d({ arbitro: 1, addettoArbitro: 1 }), people(person(1)))).toBe(DIRIGENTI_MSG.refereeAlone);
    expect(designazioniProblem(d({ accompagnatore: 1, addettoArbitro: 1 }), people(person(1)))).toBeNull();
  });
});

describe('personClashes', () => {
  const mine = match(1);
  it('finds the same person on an overlapping match of the day, with the Italian sentence', () => {
    const other = match(2, { ora: '10:30', ora_fine: '11:30' });
    const clashes = personClashes(mine, [{ dirigenteId: 1 }], [impegno(other)], 30);
    expect(clashes).toEqual([
      { id: 2, motivo: 'persona', dirigenteId: 1, messaggio: 'Mario Rossi è già accompagnatore di Garibaldina - Ospiti2 il 09/03/2030 dalle 10:30 alle 11:30' },
    ]);
  });

  it('keeps the margin on both sides: exactly twice the margin apart is free, a minute less clashes', () => {
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '12:00', ora_fine: '13:00' }))], 30)).toEqual([]);
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '11:59', ora_fine: '13:00' }))], 30)).toHaveLength(1);
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '08:00', ora_fine: '09:00' }))], 30)).toEqual([]);
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '08:00', ora_fine: '09:01' }))], 30)).toHaveLength(1);
    // With no margin, touching matches are free.
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '11:00', ora_fine: '12:00' }))], 0)).toEqual([]);
  });

  it('ignores another day, another person and the match itself', () => {
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { data: '2030-03-10' }))], 30)).toEqual([]);
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2), 7)], 30)).toEqual([]);
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(1))], 30)).toEqual([]);
  });

  it('gives an away match without an end its category default length', () => {
    // Esordienti: 75 minutes, 10:00-11:15; with 30 minutes each side, 12:15 is free and 12:14 clashes.
    const away = match(1, { ora_fine: null, is_house_match: false, gruppo: 'Esordienti' });
    expect(personClashes(away, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '12:15', ora_fine: '13:00' }))], 30)).toEqual([]);
    const [clash] = personClashes(away, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '12:14', ora_fine: '13:00' }))], 30);
    expect(clash.id).toBe(2);
    // The other side's default length too: an away Pulcini match at 08:00 lasts until 09:00.
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '08:00', ora_fine: null, is_house_match: false }))], 30)).toEqual([]);
    expect(personClashes(mine, [{ dirigenteId: 1 }], [impegno(match(2, { ora: '08:01', ora_fine: null, is_house_match: false }))], 30)).toHaveLength(1);
  });
});

describe('arbitroSocietaDefault and missingRoles', () => {
  it.each([
    ['Piccoli Amici', true],
    ['PRIMI CALCI 2018', true],
    ['Pulcini 2015', true],
    ['Esordienti', true],
    ['piccoliamici', true],
    ['Giovanissimi', false],
    ['Allievi', false],
    ['Juniores', false],
  ])('%s -> %s', (name, expected) => expect(arbitroSocietaDefault(name)).toBe(expected));

  it('needs the referee of a home match of a club-referee category, and always the accompanying official', () => {
    expect(missingRoles({ is_house_match: true }, true, d())).toEqual(['arbitro', 'accompagnatore']);
    expect(missingRoles({ is_house_match: false }, true, d())).toEqual(['accompagnatore']);
    expect(missingRoles({ is_house_match: true }, false, d())).toEqual(['accompagnatore']);
    expect(missingRoles({ is_house_match: true }, true, d({ arbitro: 1 }))).toEqual(['accompagnatore']);
    expect(missingRoles({ is_house_match: true }, true, d({ arbitro: 1, accompagnatore: 2 }))).toEqual([]);
    // The referee's assistant is never required.
    expect(missingRoles({ is_house_match: false }, false, d({ accompagnatore: 2 }))).toEqual([]);
  });
});

describe('schemas', () => {
  it('normalises a person and refuses unknown fields and qualifications', () => {
    const ok = dirigentePayloadSchema.parse({ nome: ' Mario ', cognome: 'Rossi', email: 'Mario@Example.IT', telefono: '333 123 4567', qualifiche: ['addetto_arbitro', 'arbitro', 'arbitro'] });
    expect(ok).toEqual({ nome: 'Mario', cognome: 'Rossi', email: 'mario@example.it', telefono: '3331234567', qualifiche: ['arbitro', 'addetto_arbitro'], attivo: true });
    expect(dirigentePayloadSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(dirigentePayloadSchema.safeParse({ ...ok, qualifiche: ['presidente'] }).error?.issues[0].message).toBe(DIRIGENTI_MSG.invalid.qualifiche);
    expect(dirigentePayloadSchema.safeParse({ ...ok, telefono: '12' }).error?.issues[0].message).toBe(DIRIGENTI_MSG.invalid.telefono);
  });

  it('names every role of a designation', () => {
    expect(designazioniBodySchema.safeParse({ arbitro: null, accompagnatore: 3, addettoArbitro: null }).success).toBe(true);
    expect(designazioniBodySchema.safeParse({ arbitro: null, accompagnatore: 3 }).success).toBe(false);
    expect(designazioniBodySchema.safeParse({ arbitro: 1.5, accompagnatore: null, addettoArbitro: null }).error?.issues[0].message).toBe(DIRIGENTI_MSG.invalid.designazione);
  });
});
