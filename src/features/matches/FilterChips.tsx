import Chip from '@mui/material/Chip';
import { DASHBOARD_MSG, MATCH_OPTION_MSG } from '../../../common/matches/messages';
import { STATO_LABELS } from '../../../common/status/labels';
import type { StatoPartita } from '../../../common/status/read';
import { FILTER_KEYS, type FilterKey, type PartiteFilters } from '../../../common/matches/read';

/** An active filter as its chip says it ('Categoria: Pulcini', 'Data: 28/11/2026', 'Stato: Annullata'). */
function chipText(key: FilterKey, value: string): string {
  const label = key === 'stato' ? 'Stato' : DASHBOARD_MSG.filterLabels[key];
  const shown =
    key === 'data' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`
      : key === 'terreno'
        ? (MATCH_OPTION_MSG.terrenoLabel[value as keyof typeof MATCH_OPTION_MSG.terrenoLabel] ?? value)
        : key === 'tipoGara'
          ? (MATCH_OPTION_MSG.tipoGara[value as keyof typeof MATCH_OPTION_MSG.tipoGara] ?? value)
          : key === 'stato'
            ? (STATO_LABELS[value as StatoPartita] ?? value)
            : value;
  return `${label}: ${shown}`;
}

/** The active filters of the folded bar (docs/planning.md), each removable on its own. */
export default function FilterChips({ filters, onChange }: { filters: PartiteFilters; onChange: (f: PartiteFilters) => void }) {
  return (
    <>
      {FILTER_KEYS.filter((k) => filters[k]).map((k) => (
        <Chip key={k} size="small" label={chipText(k, filters[k]!)} onDelete={() => onChange({ ...filters, [k]: '' })} />
      ))}
    </>
  );
}
