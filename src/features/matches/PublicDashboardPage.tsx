import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../common/messages';
import { countActiveFilters, normalizeFilters, type PartiteFilters } from '../../../common/partiteRead';
import { paths } from '../../config/paths';
import { useGetPublicPartiteQuery } from './matchesApi';
import { FilterPanel } from './FilterPanel';
import { ListTitle, MatchList } from './MatchList';
import { useDebounced } from '../../components/useDebounced';

/** Spec 7: the public listing is refetched 500 ms after the last filter change. */
const PUBLIC_DEBOUNCE_MS = 500;

/** / for visitors: upcoming matches with filters, served by GET /api/partite/public (kept small: no pickers, grid or supabase-js). */
export default function PublicDashboardPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [filters, setFilters] = useState<PartiteFilters>({});
  const applied = useDebounced(normalizeFilters(filters), PUBLIC_DEBOUNCE_MS);
  const { data, isLoading, isError } = useGetPublicPartiteQuery(applied);
  const partite = data ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {MSG.dashboard.publicTitle}
        </Typography>
        <Button variant="contained" onClick={() => navigate(paths.login.getHref())}>
          {MSG.dashboard.login}
        </Button>
      </Box>
      <FilterPanel filters={filters} onChange={setFilters} />
      {isLoading ? (
        <Typography color="text.secondary">{MSG.dashboard.loading}</Typography>
      ) : isError ? (
        <Typography color="error">{MSG.dashboard.loadFailed}</Typography>
      ) : (
        <>
          <ListTitle count={partite.length} />
          <MatchList
            partite={partite}
            filtered={countActiveFilters(applied) > 0}
            onOpen={() => enqueueSnackbar(MSG.dashboard.loginToEdit, { variant: 'warning' })}
          />
        </>
      )}
    </Box>
  );
}
