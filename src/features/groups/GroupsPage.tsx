import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { hasRole } from '../../../common/users/roles';
import { filterGruppi, type Gruppo, type GruppoInput } from '../../../common/groups/rules';
import { errorMessage } from '../../api/api';
import { FormTextField } from '../../components/form/FormTextField';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useCreateGruppoMutation, useDeleteGruppoMutation, useUpdateGruppoMutation } from './groupsApi';
import { useGetGruppiQuery } from '../../api/categoriesApi';
import GroupDeleteDialog from './GroupDeleteDialog';
import GroupFormDialog from './GroupFormDialog';
import { GroupsTable } from './GroupsTable';
import NotificationsSection from './NotificationsSection';
import { PageHeader } from '../../components/PageFrame';
import { searchSlots } from '../../components/form/ListFilters';

/** The two filters of the screen (docs/groups.md): on the category's name, on a referent's. */
const NO_FILTERS = { name: '', referent: '' };
const SEARCH_SLOTS = searchSlots(50);

const asError = (err: unknown) => new Error(errorMessage(err));

/** Gestione Categorie (docs/groups.md): editors edit, admins also create and delete. */
export default function GroupsPage() {
  const role = useAppSelector(selectSessionUser)?.role;
  const canCreate = hasRole(role, 'admin');
  const canDelete = hasRole(role, 'admin');
  const canEdit = hasRole(role, 'editor');
  const { enqueueSnackbar } = useSnackbar();

  const { data, isLoading, isError, isFetching, refetch } = useGetGruppiQuery();
  const [createGruppo] = useCreateGruppoMutation();
  const [updateGruppo] = useUpdateGruppoMutation();
  const [deleteGruppo] = useDeleteGruppoMutation();

  const filters = useForm({ defaultValues: NO_FILTERS });
  const [nameFilter, referentFilter] = useWatch({ control: filters.control, name: ['name', 'referent'] });
  // `opening` counts openings, so each opening starts a fresh form; the last gruppo stays while the modal fades out.
  const [form, setForm] = useState<{ open: boolean; gruppo: Gruppo | null; opening: number }>({ open: false, gruppo: null, opening: 0 });
  const openForm = (gruppo: Gruppo | null) => setForm((f) => ({ open: true, gruppo, opening: f.opening + 1 }));
  const closeForm = () => setForm((f) => ({ ...f, open: false }));
  const [toDelete, setToDelete] = useState<Gruppo | null>(null);

  const gruppi = useMemo(() => data?.data ?? [], [data]);
  const filtered = useMemo(() => filterGruppi(gruppi, nameFilter, referentFilter), [gruppi, nameFilter, referentFilter]);
  const totalReferents = useMemo(() => gruppi.reduce((n, g) => n + g.components.length, 0), [gruppi]);

  const save = async (input: GruppoInput) => {
    try {
      if (form.gruppo) await updateGruppo({ id: form.gruppo.id, body: input }).unwrap();
      else await createGruppo(input).unwrap();
    } catch (err) {
      throw asError(err);
    }
    enqueueSnackbar(form.gruppo ? MSG.groups.updated : MSG.groups.created, { variant: 'success' });
    closeForm();
  };

  const remove = async (gruppo: Gruppo) => {
    try {
      await deleteGruppo(gruppo.id).unwrap();
    } catch (err) {
      throw asError(err);
    }
    enqueueSnackbar(MSG.groups.deleted, { variant: 'success' });
    setToDelete(null);
  };

  if (isLoading) return <LoadingScreen text={MSG.groups.loading} />;

  if (isError && !data) {
    return <ErrorRetryScreen message={MSG.groups.loadFailed} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  const counters: Array<[string, number]> = [
    [MSG.groups.totalGroups, gruppi.length],
    [MSG.groups.filteredGroups, filtered.length],
    [MSG.groups.totalReferents, totalReferents],
  ];

  return (
    <Box>
      <PageHeader
        title={MSG.groups.title}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
              {MSG.groups.create}
            </Button>
          )
        }
      />

      <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ mb: 3 }}>
        {counters.map(([label, value]) => (
          <Card key={label} variant="outlined" sx={{ flex: 1 }} aria-label={label}>
            <CardContent>
              <Typography color="text.secondary" variant="body2">
                {label}
              </Typography>
              <Typography variant="h5" component="p" data-testid={`counter-${label}`}>
                {value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FormTextField control={filters.control} name="name" label={MSG.groups.filterName} size="small" sx={{ flex: 1 }} slotProps={SEARCH_SLOTS} />
        <FormTextField control={filters.control} name="referent" label={MSG.groups.filterReferent} size="small" sx={{ flex: 1 }} slotProps={SEARCH_SLOTS} />
      </Stack>

      <GroupsTable
        gruppi={gruppi}
        filtered={filtered}
        canCreate={canCreate}
        canEdit={canEdit}
        canDelete={canDelete}
        onCreate={() => openForm(null)}
        onEdit={openForm}
        onDelete={setToDelete}
      />

      <NotificationsSection gruppi={filtered} />

      <GroupFormDialog open={form.open} formKey={form.opening} gruppo={form.gruppo} onSubmit={save} onClose={closeForm} />
      <GroupDeleteDialog gruppo={toDelete} onConfirm={remove} onClose={() => setToDelete(null)} />
    </Box>
  );
}
