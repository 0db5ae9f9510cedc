// Issue 16: a match's status on its card (public and signed-in dashboards share MatchCard), read
// through the SPA's sanitiser like the server's answer.
import { render, screen, within } from '@testing-library/react';
import { sanitizePartite } from '../../../common/partiteRead';
import { STATO_COLORS } from '../../../common/matchStatusLabels';
import { MatchCard } from './MatchCard';

const raw = (over: Record<string, unknown>) => ({
  id: 1, data: '2099-05-01', ora: '10:00:00', ora_fine: null, squadracasa: 'Lupi', squadratrasferta: 'Aquile', gruppo: 'Allievi',
  campo: 'Comunale', is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'campionato',
  stato: 'programmata', motivo_stato: null, ...over,
});

describe('status on the match card', () => {
  it('a cancelled match: red Annullata badge, teams struck through, the reason shown', async () => {
    const [p] = sanitizePartite([raw({ stato: 'annullata', motivo_stato: 'Campo <b>allagato</b>' })]);
    expect(p).toMatchObject({ stato: 'annullata', motivo_stato: 'Campo ballagato/b' });
    render(<MatchCard partita={p} />);
    const card = screen.getByTestId('match-card');
    expect(card).toHaveAttribute('data-stato', 'annullata');
    const badge = await within(card).findByTestId('match-status');
    expect(badge).toHaveTextContent('Annullata');
    expect(badge).toHaveStyle({ backgroundColor: STATO_COLORS.annullata.bg, color: STATO_COLORS.annullata.fg });
    const teams = within(card).getByText('Lupi').closest('p')!;
    expect(teams).toHaveStyle({ textDecoration: 'line-through' });
    expect(await within(card).findByText('Motivo: Campo ballagato/b')).toBeInTheDocument();
  });

  it('a postponed match: Rinviata badge, not struck through', async () => {
    render(<MatchCard partita={sanitizePartite([raw({ stato: 'rinviata' })])[0]} />);
    expect(await screen.findByTestId('match-status')).toHaveTextContent('Rinviata');
    expect(screen.getByText('Lupi').closest('p')!).not.toHaveStyle({ textDecoration: 'line-through' });
  });

  it('In programma (or an unknown status) shows no status badge', () => {
    render(<MatchCard partita={sanitizePartite([raw({ stato: 'boh' })])[0]} />);
    expect(screen.queryByTestId('match-status')).toBeNull();
    expect(screen.getByTestId('match-card')).toHaveAttribute('data-stato', 'programmata');
  });
});
