import { Fragment, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { hasRole } from '../../../common/users/roles';
import { filterGruppi, sortReferenti, type Gruppo, type GruppoInput } from '../../../common/gruppi/rules';
import { errorMessage } from '../../api/api';
import { CalendarButton } from '../../components/CalendarButton';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useCreateGruppoMutation, useDeleteGruppoMutation, useUpdateGruppoMutation } from './groupsApi';
import { useGetGruppiQuery } from '../../api/categoriesApi';
import GroupDeleteDialog from './GroupDeleteDialog';
import GroupFormDialog from './GroupFormDialog';
import NotificheSection from './NotificheSection';
import { PageHeader } from '../../components/PageFrame';

/** Groups a phone's digits as people read them (333 123 4567). */
function formatTelefono(digits: string | null): string {
  if (!digits) return MSG.groups.noPhone;
  return digits.length === 10 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : `${digits.slice(0, 3)} ${digits.slice(3)}`;
}

const asError = (err: unknown) => new Error(errorMessage(err));

/** Gestione Categorie (docs/gruppi.md): editors edit, admins also create and delete. */
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

  const [nameFilter, setNameFilter] = useState('');
  const [referentFilter, setReferentFilter] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // `opening` counts openings, so each opening starts a fresh form; the last gruppo stays while the modal fades out.
  const [form, setForm] = useState<{ open: boolean; gruppo: Gruppo | null; opening: number }>({ open: false, gruppo: null, opening: 0 });
  const openForm = (gruppo: Gruppo | null) => setForm((f) => ({ open: true, gruppo, opening: f.opening + 1 }));
  const closeForm = () => setForm((f) => ({ ...f, open: false }));
  const [toDelete, setToDelete] = useState<Gruppo | null>(null);

  const gruppi = useMemo(() => data?.data ?? [], [data]);
  const filtered = useMemo(() => filterGruppi(gruppi, nameFilter, referentFilter), [gruppi, nameFilter, referentFilter]);
  const totalReferents = useMemo(() => gruppi.reduce((n, g) => n + g.components.length, 0), [gruppi]);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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
        {[
          [MSG.groups.filterName, nameFilter, setNameFilter] as const,
          [MSG.groups.filterReferent, referentFilter, setReferentFilter] as const,
        ].map(([label, value, set]) => (
          <TextField
            key={label}
            label={label}
            value={value}
            onChange={(e) => set(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 50 },
            }}
          />
        ))}
      </Stack>

      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={MSG.groups.title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }} />
              <TableCell>{MSG.groups.name}</TableCell>
              <TableCell>{MSG.groups.referents}</TableCell>
              <TableCell align="right">{MSG.groups.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {filtered.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {gruppi.length === 0 ? MSG.groups.noGroups : MSG.groups.noFilteredGroups}
                  {gruppi.length === 0 && canCreate && (
                    <Box sx={{ mt: 1.5 }}>
                      <Typography variant="body2" sx={{ mb: 1.5 }}>
                        {MSG.groups.firstGroup}
                      </Typography>
                      <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
                        {MSG.groups.create}
                      </Button>
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            )}
            {filtered.map((g) => {
              const open = expanded.has(g.id);
              return (
                <Fragment key={g.id}>
                  <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }} data-testid="group-row">
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={open ? MSG.groups.hideReferents(g.name) : MSG.groups.showReferents(g.name)}
                        aria-expanded={open}
                        onClick={() => toggle(g.id)}
                      >
                        {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {g.name}
                    </TableCell>
                    <TableCell>{MSG.groups.referentsCount(g.components.length)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {canEdit && (
                        <Tooltip title={MSG.groups.edit}>
                          <IconButton aria-label={`${MSG.groups.edit} ${g.name}`} onClick={() => openForm(g)}>
                            <EditOutlinedIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                      {canDelete && (
                        <Tooltip title={MSG.groups.delete}>
                          <IconButton aria-label={`${MSG.groups.delete} ${g.name}`} color="error" onClick={() => setToDelete(g)}>
                            <DeleteOutlineIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell sx={{ py: 0 }} colSpan={4}>
                      <Collapse in={open} timeout="auto" unmountOnExit>
                        <Box sx={{ py: 2, pl: 7 }}>
                          <Table size="small" aria-label={MSG.groups.referents + ' ' + g.name}>
                            <TableHead>
                              <TableRow>
                                <TableCell>{MSG.groups.referentSurname}</TableCell>
                                <TableCell>{MSG.groups.referentName}</TableCell>
                                <TableCell>{MSG.groups.referentPhone}</TableCell>
                              </TableRow>
                            </TableHead>
                            <TableBody>
                              {sortReferenti(g.components).map((r, i) => (
                                <TableRow key={i} data-testid="referent-row">
                                  <TableCell>{r.cognome}</TableCell>
                                  <TableCell>{r.nome}</TableCell>
                                  <TableCell>
                                    {r.telefono ? <a href={`tel:${r.telefono}`}>{formatTelefono(r.telefono)}</a> : MSG.groups.noPhone}
                                  </TableCell>
                                </TableRow>
                              ))}
                            </TableBody>
                          </Table>
                          <CalendarButton categoryId={g.id} categoryName={g.name} size="small" sx={{ mt: 2 }} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      <NotificheSection gruppi={filtered} />

      <GroupFormDialog open={form.open} formKey={form.opening} gruppo={form.gruppo} onSubmit={save} onClose={closeForm} />
      <GroupDeleteDialog gruppo={toDelete} onConfirm={remove} onClose={() => setToDelete(null)} />
    </Box>
  );
}
