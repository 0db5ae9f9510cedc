import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import type { Gruppo } from '../../../common/groups/rules';
import NotificationsSection from './NotificationsSection';

const g = (id: number, name: string, components: Gruppo['components']): Gruppo => ({ id, name, created_at: '2026-01-01T10:00:00.000Z', components });

describe('NotificationsSection', () => {
  it('shows per category who receives each change mail and the weekly digest', () => {
    renderWithProviders(
      <NotificationsSection
        gruppi={[
          g(1, 'Allievi', [
            { nome: 'Luca', cognome: 'Verdi', telefono: null, email: 'luca@example.it', notifiche: 'ogni_modifica' },
            { nome: 'Anna', cognome: 'Bianchi', telefono: null, email: 'anna@example.it', notifiche: 'settimanale' },
            { nome: 'Carlo', cognome: 'Neri', telefono: null, email: 'carlo@example.it', notifiche: 'nessuna' },
            { nome: 'Dora', cognome: 'Gialli', telefono: null, email: null, notifiche: 'ogni_modifica' },
          ]),
          g(2, 'Pulcini', [{ nome: 'Elio', cognome: 'Rosa', telefono: null, email: null, notifiche: 'settimanale' }]),
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Notifiche' });
    const headers = within(section).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(['Ogni modifica', 'Riepilogo settimanale']);
    const [allievi, pulcini] = within(section).getAllByTestId('notifiche-row');
    const cells = within(allievi).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Dora Gialli (senza email)Luca Verdi <luca@example.it>', 'Anna Bianchi <anna@example.it>']);
    expect(allievi).not.toHaveTextContent('carlo@example.it');
    // A referent without an email receives nothing: the category has nobody.
    expect(pulcini).toHaveTextContent('Nessuno riceve notifiche');
  });
});
