import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import type { PartiteFilters } from '../../../common/matches/read';
import { FilterPanel } from './FilterPanel';

const L = MSG.dashboard.filterLabels;

/** The panel with its state held the way the dashboards hold it; `seen` records every change. */
function Harness({ seen }: { seen: PartiteFilters[] }) {
  const [filters, setFilters] = useState<PartiteFilters>({});
  return (
    <FilterPanel
      filters={filters}
      onChange={(f) => {
        seen.push(f);
        setFilters(f);
      }}
    />
  );
}

describe('FilterPanel', () => {
  it('offers the eight filters of the dashboards (docs/matches.md) by their Italian labels, the selects as native lists', async () => {
    renderWithProviders(<Harness seen={[]} />);
    const panel = screen.getByRole('region', { name: MSG.dashboard.filters });
    // The fields are a lazy chunk of their own (docs/public-page.md).
    await within(panel).findByRole('textbox', { name: L.ora });
    for (const key of ['ora', 'squadracasa', 'squadratrasferta', 'gruppo', 'campo'] as const) {
      expect(within(panel).getByRole('textbox', { name: L[key] })).toHaveValue('');
    }
    // The Italian picker is loaded on first use: until then a look-alike field asks for gg/mm/aaaa.
    expect(within(panel).getByLabelText(L.data)).toHaveAttribute('placeholder', 'gg/mm/aaaa');
    const terreno = within(panel).getByRole('combobox', { name: L.terreno });
    expect(terreno.tagName).toBe('SELECT');
    expect(within(terreno).getAllByRole('option').map((o) => o.textContent)).toEqual([MSG.dashboard.all, 'Erba', 'Sintetico']);
    const tipo = within(panel).getByRole('combobox', { name: L.tipoGara });
    expect(within(tipo).getAllByRole('option').map((o) => o.textContent)).toEqual([MSG.dashboard.all, 'Amichevole', 'Campionato', 'Torneo']);
    expect(within(panel).getByTestId('active-filters')).toHaveTextContent(MSG.dashboard.activeFilters(0));
    expect(within(panel).getByRole('button', { name: MSG.dashboard.resetFilters })).toBeDisabled();
  });

  it('keeps the input rules of docs/matches.md (dashboard filters), counts the active filters and resets them all', async () => {
    const user = userEvent.setup();
    const seen: PartiteFilters[] = [];
    renderWithProviders(<Harness seen={seen} />);
    const ora = await screen.findByRole('textbox', { name: L.ora });
    await user.type(ora, '1a5:3x0:99');
    expect(ora).toHaveValue('15:30');
    const campo = screen.getByRole('textbox', { name: L.campo });
    await user.type(campo, 'Campo <Nord>; --');
    expect(campo).toHaveValue('Campo Nord -');
    await user.selectOptions(screen.getByRole('combobox', { name: L.terreno }), 'Sintetico');
    await user.selectOptions(screen.getByRole('combobox', { name: L.tipoGara }), 'Torneo');
    expect(seen.at(-1)).toEqual({ ora: '15:30', campo: 'Campo Nord -', terreno: 'sintetico', tipoGara: 'torneo' });
    expect(screen.getByTestId('active-filters')).toHaveTextContent(MSG.dashboard.activeFilters(4));

    await user.click(screen.getByRole('button', { name: MSG.dashboard.resetFilters }));
    expect(seen.at(-1)).toEqual({});
    expect(ora).toHaveValue('');
    expect(screen.getByRole('combobox', { name: L.terreno })).toHaveValue('');
    expect(screen.getByTestId('active-filters')).toHaveTextContent(MSG.dashboard.activeFilters(0));
  });
});
