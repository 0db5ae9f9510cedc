import { REGOLA_CERTIFICATO_DEFAULT as R } from '../../../common/players/rules';
import { contaCertificati, statoCertificato } from './certificate';

// The roster's chip on a day (docs/players.md): the shared rule of common/players/rules.ts, plus the 30 days ahead.
describe('statoCertificato', () => {
  const OGGI = '2027-05-20';
  const young = '2018-03-15';
  const cert = (tipo: 'agonistico' | 'non_agonistico', scadenza: string) => ({ tipo, scadenza });

  it('valid through its expiry day; expiring within 30 days, the 30th included; expired from the day after', () => {
    expect(statoCertificato({ dataNascita: young, certificato: cert('non_agonistico', '2027-06-20') }, OGGI, R)).toEqual({ stato: 'valido', scadenza: '2027-06-20' });
    expect(statoCertificato({ dataNascita: young, certificato: cert('non_agonistico', '2027-06-19') }, OGGI, R)).toEqual({ stato: 'in_scadenza', scadenza: '2027-06-19' });
    expect(statoCertificato({ dataNascita: young, certificato: cert('non_agonistico', OGGI) }, OGGI, R)).toEqual({ stato: 'in_scadenza', scadenza: OGGI });
    expect(statoCertificato({ dataNascita: young, certificato: cert('non_agonistico', '2027-05-19') }, OGGI, R)).toEqual({ stato: 'scaduto', scadenza: '2027-05-19' });
    expect(statoCertificato({ dataNascita: young, certificato: null }, OGGI, R)).toEqual({ stato: 'mancante' });
  });

  it('a non-competitive certificate: not enough in the season of the 12th birthday; about to stop being enough when that season starts within 30 days', () => {
    // Turns 12 on 30 June 2027: the season 2026/27 (ending that day) already needs the competitive one.
    expect(statoCertificato({ dataNascita: '2015-06-30', certificato: cert('non_agonistico', '2027-12-31') }, OGGI, R)).toEqual({ stato: 'tipo_non_valido' });
    // Turns 12 on 1 July 2027: the season 2027/28 starting then needs it; on 20 May that is more than 30 days away.
    expect(statoCertificato({ dataNascita: '2015-07-01', certificato: cert('non_agonistico', '2027-12-31') }, OGGI, R)).toEqual({ stato: 'valido', scadenza: '2027-12-31' });
    // On 1 June it is 30 days away.
    expect(statoCertificato({ dataNascita: '2015-07-01', certificato: cert('non_agonistico', '2027-12-31') }, '2027-06-01', R)).toEqual({ stato: 'tipo_in_scadenza', dal: '2027-07-01' });
    expect(statoCertificato({ dataNascita: '2015-07-01', certificato: cert('agonistico', '2027-12-31') }, '2027-06-01', R)).toEqual({ stato: 'valido', scadenza: '2027-12-31' });
  });

  it('the counts put each state in one of valid, expiring, expired or not enough, missing', () => {
    const stati = [
      statoCertificato({ dataNascita: young, certificato: cert('non_agonistico', '2027-09-01') }, OGGI, R),
      statoCertificato({ dataNascita: young, certificato: cert('non_agonistico', '2027-06-01') }, OGGI, R),
      statoCertificato({ dataNascita: '2015-07-01', certificato: cert('non_agonistico', '2027-12-31') }, '2027-06-01', R),
      statoCertificato({ dataNascita: young, certificato: cert('agonistico', '2027-01-01') }, OGGI, R),
      statoCertificato({ dataNascita: '2010-01-01', certificato: cert('non_agonistico', '2027-12-31') }, OGGI, R),
      statoCertificato({ dataNascita: young, certificato: null }, OGGI, R),
    ];
    expect(contaCertificati(stati)).toEqual({ valido: 1, in_scadenza: 2, scaduto: 2, mancante: 1 });
  });
});
