import { MSG } from '../core/messages';
import { NOTIFICHE_LABEL, NOTIFICHE_MSG, NOTIFICHE_SCELTE, canChooseNotifiche } from '../notifications/rules';
import { filterGruppi, gruppoFieldErrors, gruppoInputSchema, normalizeTelefono, sortReferenti } from './rules';

describe('gruppoInputSchema', () => {
  it('trims text, strips spaces from the phone and turns an empty phone into null', () => {
    const parsed = gruppoInputSchema.parse({
      name: ' Pulcini ',
      components: [
        { nome: ' Mario', cognome: 'Rossi ', telefono: '333 123 4567' },
        { nome: 'Anna', cognome: 'Bianchi', telefono: '  ' },
        { nome: 'Zoe', cognome: 'Neri' },
      ],
    });
    expect(parsed).toEqual({
      name: 'Pulcini',
      components: [
        { nome: 'Mario', cognome: 'Rossi', telefono: '3331234567', email: null, notifiche: 'nessuna' },
        { nome: 'Anna', cognome: 'Bianchi', telefono: null, email: null, notifiche: 'nessuna' },
        { nome: 'Zoe', cognome: 'Neri', telefono: null, email: null, notifiche: 'nessuna' },
      ],
    });
  });

  it('referent email: optional, trimmed and lower-cased, refused in Italian when not an address', () => {
    const ok = gruppoInputSchema.parse({
      name: 'Allievi',
      components: [
        { nome: 'A', cognome: 'B', email: ' Mister@Example.IT ', notifiche: 'settimanale' },
        { nome: 'C', cognome: 'D', email: '', notifiche: 'nessuna' },
        { nome: 'E', cognome: 'F', email: null, notifiche: null },
        { nome: 'G', cognome: 'H', email: 'g@example.it' },
      ],
    });
    expect(ok.components.map((r) => [r.email, r.notifiche])).toEqual([
      ['mister@example.it', 'settimanale'],
      [null, 'nessuna'],
      [null, 'nessuna'],
      ['g@example.it', 'ogni_modifica'],
    ]);
    for (const email of ['mario', 'mario@', '@example.it', 'ma rio@example.it', 'mario@example', `${'a'.repeat(250)}@example.it`]) {
      expect(gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b' }, { nome: 'c', cognome: 'd', email }] })).toEqual({
        'components.1.email': NOTIFICHE_MSG.emailInvalid(2),
      });
    }
  });

  it('notifiche: only the three choices; anything else is an Italian error on that field; unknown referent fields are refused', () => {
    expect(NOTIFICHE_SCELTE.map((s) => NOTIFICHE_LABEL[s])).toEqual(['Ogni modifica', 'Riepilogo settimanale', 'Nessuna']);
    for (const notifiche of ['sempre', 'OGNI_MODIFICA', 'weekly'])
      expect(gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b', notifiche }] })).toEqual({
        'components.0.notifiche': NOTIFICHE_MSG.notificheInvalid(1),
      });
    expect(gruppoInputSchema.safeParse({ name: 'A', components: [{ nome: 'a', cognome: 'b', cellulare: '1' }] }).success).toBe(false);
  });

  it('a referent without an email cannot choose a mail: Italian error on notifiche, Nessuna or no choice is fine', () => {
    for (const email of [undefined, null, '', '   '])
      for (const notifiche of ['ogni_modifica', 'settimanale'])
        expect(gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b' }, { nome: 'c', cognome: 'd', email, notifiche }] })).toEqual({
          'components.1.notifiche': NOTIFICHE_MSG.notificheNeedEmail(2),
        });
    expect(NOTIFICHE_MSG.notificheNeedEmail(2)).toBe("Il referente 2 non ha un'email: può ricevere notifiche solo con un indirizzo email");
    for (const notifiche of ['nessuna', '', null, undefined])
      expect(gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b', email: '', notifiche }] })).toEqual({});
    // An invalid email is its own error, not this one.
    expect(gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b', email: 'mario', notifiche: 'settimanale' }] })).toEqual({
      'components.0.email': NOTIFICHE_MSG.emailInvalid(1),
    });
    expect(canChooseNotifiche('  ')).toBe(false);
    expect(canChooseNotifiche('a@b.it')).toBe(true);
  });

  it('reports every field error with the referent number and the path of its field', () => {
    expect(
      gruppoFieldErrors({
        name: '  ',
        components: [
          { nome: 'Mario', cognome: 'Rossi', telefono: '12345' },
          { nome: '', cognome: '' },
        ],
      }),
    ).toEqual({
      name: MSG.groups.nameRequired,
      'components.0.telefono': MSG.groups.phoneDigits,
      'components.1.nome': MSG.groups.componentName(2),
      'components.1.cognome': MSG.groups.componentSurname(2),
    });
    expect(gruppoFieldErrors({ name: 'A', components: [] })).toEqual({ components: MSG.groups.componentRequired });
    expect(gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b', telefono: '051 234 567' }] })).toEqual({});
  });

  it('accepts 9 and 10 digits only', () => {
    const phone = (telefono: string) => gruppoFieldErrors({ name: 'A', components: [{ nome: 'a', cognome: 'b', telefono }] });
    expect(phone('123456789')).toEqual({});
    expect(phone('1234567890')).toEqual({});
    expect(phone('12345678')).toEqual({ 'components.0.telefono': MSG.groups.phoneDigits });
    expect(phone('12345678901')).toEqual({ 'components.0.telefono': MSG.groups.phoneDigits });
    expect(phone('123-456-789')).toEqual({ 'components.0.telefono': MSG.groups.phoneDigits });
  });

  it('normalizeTelefono keeps digits and drops whitespace', () => {
    expect(normalizeTelefono(' 02 1234\t5678 ')).toBe('0212345678');
    expect(normalizeTelefono(undefined)).toBeNull();
    expect(normalizeTelefono('')).toBeNull();
  });
});

describe('sortReferenti', () => {
  it('sorts by surname then name in Italian collation (accents and case do not push names to the end)', () => {
    const sorted = sortReferenti([
      { nome: 'Zeno', cognome: 'rossi' },
      { nome: 'Luca', cognome: 'Zanetti' },
      { nome: 'Anna', cognome: 'Rossi' },
      { nome: 'Élia', cognome: 'Àlvarez' },
      { nome: 'Bruno', cognome: 'Bianchi' },
    ]);
    expect(sorted.map((r) => `${r.cognome} ${r.nome}`)).toEqual(['Àlvarez Élia', 'Bianchi Bruno', 'Rossi Anna', 'rossi Zeno', 'Zanetti Luca']);
  });
});

describe('filterGruppi', () => {
  const gruppi = [
    { name: 'Pulcini 2015', components: [{ nome: 'Mario', cognome: 'Rossi' }] },
    { name: 'Esordienti', components: [{ nome: 'Anna', cognome: 'Bianchi' }, { nome: 'Luca', cognome: 'Verdi' }] },
    { name: 'Allievi', components: [{ nome: 'Marta', cognome: 'Neri' }] },
  ];
  const names = (list: { name: string }[]) => list.map((g) => g.name);

  it('matches category names and referent names by case-insensitive substring', () => {
    expect(names(filterGruppi(gruppi, '', ''))).toEqual(['Pulcini 2015', 'Esordienti', 'Allievi']);
    expect(names(filterGruppi(gruppi, 'PULC', ''))).toEqual(['Pulcini 2015']);
    expect(names(filterGruppi(gruppi, '', 'verd'))).toEqual(['Esordienti']);
    expect(names(filterGruppi(gruppi, '', 'mar'))).toEqual(['Pulcini 2015', 'Allievi']);
    expect(names(filterGruppi(gruppi, '', 'luca verdi'))).toEqual(['Esordienti']);
    expect(names(filterGruppi(gruppi, 'i', 'neri'))).toEqual(['Allievi']);
    expect(names(filterGruppi(gruppi, 'juniores', ''))).toEqual([]);
  });
});

describe('a category’s ages and team sheet (docs/players.md)', () => {
  const base = { name: 'Pulcini', components: [{ nome: 'Mario', cognome: 'Rossi' }] };
  const message = (extra: Record<string, unknown>) => {
    const r = gruppoInputSchema.safeParse({ ...base, ...extra });
    return r.success ? null : r.error.issues[0].message;
  };
  const year = new Date().getFullYear();

  it('are optional: absent stays absent (create: null and 20, update: unchanged), null clears a year', () => {
    const parsed = gruppoInputSchema.parse(base);
    expect('annoDa' in parsed || 'annoA' in parsed || 'maxDistinta' in parsed).toBe(false);
    expect(gruppoInputSchema.parse({ ...base, annoDa: 2015, annoA: 2016, maxDistinta: 18 })).toMatchObject({ annoDa: 2015, annoA: 2016, maxDistinta: 18 });
    expect(gruppoInputSchema.parse({ ...base, annoDa: null })).toMatchObject({ annoDa: null });
  });

  it('years from 1900 to the current one, in order; 1 to 99 players on a sheet', () => {
    expect(message({ annoDa: 1900, annoA: year })).toBeNull();
    expect(message({ annoDa: 1899 })).toBe(MSG.groups.annoInvalid(MSG.groups.annoDa));
    expect(message({ annoA: year + 1 })).toBe(MSG.groups.annoInvalid(MSG.groups.annoA));
    expect(message({ annoDa: 2015.5 })).toBe(MSG.groups.annoInvalid(MSG.groups.annoDa));
    expect(message({ annoDa: '2015' })).toBe(MSG.groups.annoInvalid(MSG.groups.annoDa));
    expect(message({ annoDa: 2016, annoA: 2015 })).toBe(MSG.groups.anniOrdine);
    expect(message({ annoDa: 2015, annoA: 2015 })).toBeNull();
    for (const maxDistinta of [0, 100, 2.5, '20', null]) expect(message({ maxDistinta })).toBe(MSG.groups.maxDistintaInvalid(99));
    expect(message({ maxDistinta: 1 })).toBeNull();
    expect(message({ maxDistinta: 99 })).toBeNull();
  });
});
