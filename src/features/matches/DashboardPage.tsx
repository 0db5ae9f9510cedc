import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '../../../common/messages';
import { hasRole } from '../../../common/roles';
import { todayIn } from '../../../common/dates';
import { countActiveFilters, matchesFilters, type PartiteFilters } from '../../../common/partiteRead';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { useClubConfig } from '../../store/useClubConfig';
import { selectRole } from '../../store/sessionSlice';
import { useGetPartiteQuery } from './matchesApi';
import { FilterPanel } from './FilterPanel';
import { ListTitle, MatchList } from './MatchList';
import { sampleMatches } from './samples';

/** / signed in (spec 2): every upcoming match read through supabase-js, filtered here; sample data when loading fails. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const role = useAppSelector(selectRole);
  const canEdit = hasRole(role, 'editor');
  const { clubName, timezone } = useClubConfig();
  const today = todayIn(timezone);
  const { data, isLoading, isFetching, isError, refetch } = useGetPartiteQuery(today);
  const [filters, setFilters] = useState<PartiteFilters>({});
  const source = useMemo(() => (isError ? sampleMatches(today, clubName) : (data ?? [])), [isError, data, today, clubName]);
  const partite = useMemo(() => source.filter((p) => matchesFilters(p, filters)), [source, filters]);
  const active = countActiveFilters(filters);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {MSG.dashboard.title}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.addMatch.getHref()}>
            {MSG.dashboard.addMatch}
          </Button>
        )}
        <Tooltip title={MSG.dashboard.refresh}>
          <span>
            <IconButton aria-label={MSG.dashboard.refresh} onClick={() => void refetch()} disabled={isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MSG.dashboard.fallback}
        </Alert>
      )}
      <FilterPanel filters={filters} onChange={setFilters} />
      {isLoading ? (
        <Typography color="text.secondary">{MSG.dashboard.loading}</Typography>
      ) : (
        <>
          <ListTitle count={partite.length} />
          <MatchList
            partite={partite}
            filtered={active > 0 && source.length > 0}
            onOpen={(p) => {
              if (canEdit && p.id > 0) navigate(paths.editMatch.getHref(String(p.id)));
            }}
          />
        </>
      )}
    </Box>
  );
}
