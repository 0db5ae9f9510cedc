import { partitaToValues } from '../../../common/matches/rules';
import { EMPTY_VALUES, toFormValues } from './matchFormValues';

describe('form values', () => {
  it('start empty and take a stored match with empty text for its nulls', () => {
    expect(EMPTY_VALUES).toEqual({
      data: '', ora: '', oraFine: '', squadraCasa: '', squadraTrasferta: '', campo: '', gruppo: '',
      isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: '', tipoGara: '',
    });
    const away = toFormValues(
      partitaToValues({
        id: 3, data: '2099-05-01', ora: '10:00:00', ora_fine: null, squadracasa: 'Rivali', squadratrasferta: 'Garibaldina Allievi',
        gruppo: 'Allievi', campo: 'Comunale', is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'torneo',
      }),
    );
    expect(away).toMatchObject({ data: '2099-05-01', oraFine: '', squadraCasa: 'Rivali', terreno: '', tipoGara: 'torneo', spogliatoioGari: null });
  });
});
