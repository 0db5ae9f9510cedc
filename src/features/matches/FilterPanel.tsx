import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import { PUBLIC_MSG } from '../../../common/matches/public-page';
import { countActiveFilters, type PartiteFilters } from '../../../common/matches/read';
import { LiteButton } from '../../components/LiteButton';

const FilterFields = lazy(() => import('./FilterFields'));
// The signed-in dashboard's chips: their own chunk, the public page never loads them (its budget: docs/testing.md).
const FilterChips = lazy(() => import('./FilterChips'));


/** MUI's sm breakpoint: under it the filters fold behind the 'Filtri' button. */
const WIDE = '(min-width: 600px)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const changed = () => setWide(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return wide;
}

/**
 * The dashboards' filter panel (docs/matches.md): title, count of active filters, 'Reset Filtri' and the eight
 * fields. Under 600 px it folds behind a 'Filtri' button with the count, so a phone shows the matches
 * first (docs/public-page.md, phones); the fields' code is loaded when they are first on screen.
 */
export function FilterPanel({
  filters,
  onChange,
  initialOpen = false,
  folded = false,
  children,
}: {
  filters: PartiteFilters;
  onChange: (f: PartiteFilters) => void;
  initialOpen?: boolean;
  /** The signed-in dashboard (docs/planning.md): folded at every width into one bar, the active filters as chips. */
  folded?: boolean;
  /** Controls shown at the end of the folded bar. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const wide = useWide() && !folded;
  const panelId = useId();
  const active = countActiveFilters(filters);
  const shown = wide || open;
  const toggle = (
    <LiteButton
      variant="outlined"
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      aria-controls={panelId}
      data-testid="filters-toggle"
      sx={folded ? { minHeight: 36 } : { display: { xs: 'inline-flex', sm: 'none' }, minHeight: 44, mb: 2, ml: 1 }}
    >
      {PUBLIC_MSG.filtersButton}
      <Box
        component="span"
        sx={{
          minWidth: 22,
          height: 22,
          px: 0.75,
          borderRadius: '11px',
          bgcolor: active ? 'primary.main' : 'action.selected',
          color: active ? 'primary.contrastText' : 'text.primary',
          fontSize: 13,
          lineHeight: '22px',
        }}
      >
        {active}
      </Box>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {PUBLIC_MSG.filtersCountSuffix(active)}
      </Box>
    </LiteButton>
  );
  return (
    <>
      {folded ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: open ? 1 : 2 }} data-testid="filter-bar">
          {toggle}
          <Suspense fallback={null}>
            <FilterChips filters={filters} onChange={onChange} />
          </Suspense>
          <Box sx={{ flexGrow: 1 }} />
          {children}
        </Box>
      ) : (
        toggle
      )}
      <Paper
        id={panelId}
        variant="outlined"
        sx={{ p: 2, mb: 3, display: folded ? (open ? 'block' : 'none') : { xs: open ? 'block' : 'none', sm: 'block' } }}
        component="section"
        aria-label={DASHBOARD_MSG.filters}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {DASHBOARD_MSG.filters}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="active-filters">
            {DASHBOARD_MSG.activeFilters(active)}
          </Typography>
          <LiteButton
            onClick={() => onChange({})}
            disabled={active === 0 && Object.values(filters).every((v) => !v)}
            sx={{ minHeight: { xs: 44, sm: 30 }, py: 0.5, px: 1.25, fontSize: '0.8125rem' }}
          >
            {DASHBOARD_MSG.resetFilters}
          </LiteButton>
        </Box>
        {shown && (
          <Suspense
            fallback={
              <Box sx={{ minHeight: { xs: 480, sm: 96 } }} aria-busy="true">
                <Typography variant="body2" color="text.secondary">
                  {PUBLIC_MSG.filtersLoading}
                </Typography>
              </Box>
            }
          >
            <FilterFields filters={filters} onChange={onChange} />
          </Suspense>
        )}
      </Paper>
    </>
  );
}
