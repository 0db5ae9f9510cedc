import { DELETE_PREVIEW_MSG, deletePreviewLines } from './delete-preview';

describe('what deleting a category takes with it', () => {
  it('names the referents, the training series (count and each one) and the feed', () => {
    expect(
      deletePreviewLines({
        name: 'Pulcini',
        partite: 0,
        referenti: 2,
        allenamenti: [
          { giorno: 1, oraInizio: '18:00', oraFine: '19:30', campo: 'Campo Comunale' },
          { giorno: 4, oraInizio: '17:00', oraFine: '18:00', campo: 'Campo Nord' },
        ],
      }),
    ).toEqual([
      '2 referenti (con telefono, email e scelta delle notifiche)',
      '2 serie di allenamento: lunedì 18:00-19:30, Campo Comunale; giovedì 17:00-18:00, Campo Nord',
      DELETE_PREVIEW_MSG.feed,
    ]);
  });

  it('boundaries: one of each in the singular; none left out', () => {
    expect(deletePreviewLines({ name: 'A', partite: 0, referenti: 1, allenamenti: [{ giorno: 7, oraInizio: '09:00', oraFine: '10:00', campo: 'C' }] })).toEqual([
      '1 referente (con telefono, email e scelta delle notifiche)',
      '1 serie di allenamento: domenica 09:00-10:00, C',
      DELETE_PREVIEW_MSG.feed,
    ]);
    expect(deletePreviewLines({ name: 'A', partite: 3, referenti: 0, allenamenti: [] })).toEqual([DELETE_PREVIEW_MSG.feed]);
    expect(DELETE_PREVIEW_MSG.hasMatches(1)).toBe("La categoria ha 1 partita: non si può eliminare finché non vengono eliminate o spostate in un'altra categoria.");
  });
});
