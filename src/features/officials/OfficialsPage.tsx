import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import type { Dirigente } from '../../../common/officials/rules';
import { hasRole } from '../../../common/users/roles';
import { PageHeader } from '../../components/PageFrame';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useGetDirigentiQuery } from './officialsApi';
import { OfficialsFilters, NO_FILTERS, type OfficialsFilterValues } from './OfficialsFilters';
import { OfficialsTable } from './OfficialsTable';
import { filterDirigenti } from './list';

const M = DIRIGENTI_MSG;
// The form only for those who edit: a reader never downloads it.
const loadDialog = () => import('./OfficialDialog');
const OfficialDialog = lazy(loadDialog);

/** People a page of the table. */
const PAGE_SIZE = 25;

interface FormState {
  open: boolean;
  dirigente: Dirigente | null;
  /** Counts openings, so each opening starts a fresh form; the last person stays while the modal fades out. */
  opening: number;
}

/**
 * Dirigenti (docs/officials.md): the club's officials with their qualifications. Every signed-in user
 * reads the list; editors and admins add, edit and delete, and hand out each person's calendar link.
 */
export default function OfficialsPage() {
  const role = useAppSelector(selectSessionUser)?.role;
  const canEdit = hasRole(role, 'editor');
  const { data, isLoading, isError, isFetching, refetch } = useGetDirigentiQuery();
  const filters = useForm<OfficialsFilterValues>({ defaultValues: NO_FILTERS });
  const [search, qualifica, stato] = useWatch({ control: filters.control, name: ['search', 'qualifica', 'stato'] });
  const [pageModel, setPageModel] = useState({ page: 0 });
  const [form, setForm] = useState<FormState>({ open: false, dirigente: null, opening: 0 });
  useEffect(() => {
    if (canEdit) loadDialog().catch(() => undefined);
  }, [canEdit]);

  const people = useMemo(() => data?.data ?? [], [data]);
  const rows = useMemo(() => filterDirigenti(people, search, qualifica, stato), [people, search, qualifica, stato]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  // A filter that leaves fewer pages shows the last one there is.
  const page = Math.min(pageModel.page, pages - 1);
  const filtering = search.trim() !== '' || qualifica !== '' || stato !== '';

  const open = (dirigente: Dirigente | null) => setForm((f) => ({ open: true, dirigente, opening: f.opening + 1 }));

  if (isLoading) return <LoadingScreen text={M.loading} />;
  if (isError && !data) return <ErrorRetryScreen message={M.loadError} onRetry={() => void refetch()} retrying={isFetching} />;

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
      {M.add}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={M.title}
        beside={
          people.length > 0 && (
            <Typography color="text.secondary" data-testid="dirigenti-count">
              {M.count(filtering ? rows.length : people.length)}
            </Typography>
          )
        }
        actions={canEdit && addButton}
      />

      {people.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="dirigenti-empty">
          <Typography>{canEdit ? M.empty : M.emptyReader}</Typography>
          {canEdit && <Box sx={{ mt: 2 }}>{addButton}</Box>}
        </Paper>
      ) : (
        <>
          <OfficialsFilters form={filters} filtering={filtering} onSearch={() => setPageModel({ page: 0 })} />

          {rows.length === 0 ? (
            <Alert severity="info">{M.noneFiltered}</Alert>
          ) : (
            <OfficialsTable
              rows={rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)}
              first={page * PAGE_SIZE + 1}
              total={rows.length}
              page={page + 1}
              pages={pages}
              onPage={(p) => setPageModel({ page: p - 1 })}
              canEdit={canEdit}
              onEdit={open}
            />
          )}
        </>
      )}

      {canEdit && form.opening > 0 && (
        <Suspense fallback={null}>
          <OfficialDialog open={form.open} formKey={form.opening} dirigente={form.dirigente} onClose={() => setForm((f) => ({ ...f, open: false }))} />
        </Suspense>
      )}
    </Box>
  );
}
