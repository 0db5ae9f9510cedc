import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import SyncIcon from '@mui/icons-material/Sync';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/messages';
import { ROLES, ROLE_LABEL, type Role } from '../../../common/roles';
import { countByRole, filterUsers, type User } from '../../../common/users';
import { errorMessage } from '../../api/api';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { paths } from '../../config/paths';
import InviteUserDialog from './InviteUserDialog';
import { useChangeUserRoleMutation, useDeleteUserMutation, useGetUsersQuery, useSyncUsersMutation } from './usersApi';
import { formatDateTime } from './format';
import { PageTitle } from '../../components/PageTitle';

function CountCard({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 140 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" aria-label={`${label}: ${value}`}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Gestione Utenti (spec 2): counts, search, role filter, the table, invite, delete, sync. */
export default function UsersPage() {
  const me = useAppSelector(selectSessionUser);
  const { enqueueSnackbar } = useSnackbar();
  const { data, isLoading, isError, error, refetch, isFetching } = useGetUsersQuery();
  const [changeRole] = useChangeUserRoleMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [syncUsers, { isLoading: syncing }] = useSyncUsersMutation();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<Role | ''>('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [pendingRole, setPendingRole] = useState<Record<string, boolean>>({});

  const users = useMemo(() => data?.data ?? [], [data]);
  const counts = useMemo(() => countByRole(users), [users]);
  const rows = useMemo(() => filterUsers(users, search, roleFilter), [users, search, roleFilter]);

  const onRoleChange = async (user: User, role: Role) => {
    if (role === user.role) return;
    setPendingRole((p) => ({ ...p, [user.id]: true }));
    try {
      await changeRole({ id: user.id, role }).unwrap();
      enqueueSnackbar(MSG.users.roleUpdated(role), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    } finally {
      setPendingRole((p) => ({ ...p, [user.id]: false }));
    }
  };

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      const result = await deleteUser(toDelete.id).unwrap();
      enqueueSnackbar(result.message, { variant: 'success' });
      setToDelete(null);
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  const onSync = async () => {
    try {
      const result = await syncUsers().unwrap();
      enqueueSnackbar(result.message, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  const columns: GridColDef<User>[] = [
    {
      field: 'email',
      headerName: MSG.users.email,
      flex: 1.6,
      minWidth: 240,
      renderCell: ({ row }) =>
        row.id === me?.id ? (
          <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
            <span>{row.email}</span>
            <Tooltip title={MSG.users.currentAccount}>
              <Chip label={MSG.users.you} color="primary" size="small" />
            </Tooltip>
            <Typography variant="caption" color="text.secondary">
              {MSG.users.currentAccount}
            </Typography>
          </Stack>
        ) : (
          row.email
        ),
    },
    {
      field: 'role',
      headerName: MSG.users.role,
      width: 150,
      renderCell: ({ row }) => (
        <Select
          size="small"
          value={row.role}
          disabled={row.id === me?.id || !!pendingRole[row.id]}
          onChange={(e) => onRoleChange(row, e.target.value as Role)}
          inputProps={{ 'aria-label': MSG.users.roleOf(row.email) }}
          sx={{ minWidth: 120 }}
        >
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABEL[r]}
            </MenuItem>
          ))}
        </Select>
      ),
    },
    { field: 'created_at', headerName: MSG.users.createdAt, width: 160, valueFormatter: (v: string) => formatDateTime(v) },
    {
      field: 'last_sign_in_at',
      headerName: MSG.users.lastSignIn,
      width: 160,
      valueFormatter: (v: string | null) => (v ? formatDateTime(v) : MSG.users.never),
    },
    { field: 'last_updated', headerName: MSG.users.lastUpdated, width: 170, valueFormatter: (v: string) => formatDateTime(v) },
    {
      field: 'actions',
      headerName: MSG.users.actions,
      width: 90,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Tooltip title={row.id === me?.id ? MSG.users.cannotDeleteSelf : MSG.users.deleteUser(row.email)}>
          <span>
            <IconButton aria-label={MSG.users.deleteUser(row.email)} color="error" disabled={row.id === me?.id} onClick={() => setToDelete(row)}>
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      ),
    },
  ];

  if (isLoading) return <LoadingScreen text={MSG.users.loading} />;
  if (isError || !data) {
    return <ErrorRetryScreen message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  return (
    <Box sx={{ p: { xs: 0, md: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <PageTitle>
          {MSG.users.title}
        </PageTitle>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.userAudit.getHref()} startIcon={<HistoryIcon />}>
            {MSG.users.auditLink}
          </Button>
          <Button variant="outlined" startIcon={<SyncIcon />} onClick={onSync} disabled={syncing}>
            {syncing ? MSG.users.syncing : MSG.users.sync}
          </Button>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviteOpen(true)}>
            {MSG.users.invite}
          </Button>
        </Stack>
      </Stack>

      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <CountCard label={MSG.users.total} value={counts.total} />
        <CountCard label={MSG.users.countAdmin} value={counts.admin} />
        <CountCard label={MSG.users.countEditor} value={counts.editor} />
        <CountCard label={MSG.users.countReader} value={counts.reader} />
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label={MSG.users.search}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          />
          <TextField
            select
            label={MSG.users.roleFilter}
            value={roleFilter}
            onChange={(e) => setRoleFilter(e.target.value as Role | '')}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{MSG.users.allRoles}</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABEL[r]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        <ItalianDataGrid
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          loading={isFetching}
          disableRowSelectionOnClick
          autoHeight
          pageSizeOptions={[10, 25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          sx={{ border: 0 }}
        />
      </Paper>

      <InviteUserDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />

      <Dialog open={!!toDelete} onClose={() => !deleting && setToDelete(null)} aria-labelledby="delete-user-title">
        <DialogTitle id="delete-user-title">{MSG.users.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{toDelete ? MSG.users.confirmDelete(toDelete.email) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)} disabled={deleting}>
            {MSG.users.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={onDelete} disabled={deleting}>
            {deleting ? MSG.users.deleting : MSG.users.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
