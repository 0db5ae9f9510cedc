import { useMemo, useState, type ReactNode } from 'react';
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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import SyncIcon from '@mui/icons-material/Sync';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { ROLES, ROLE_LABEL, type Role } from '../../../common/users/roles';
import { countByRole, filterUsers, type User } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { useClubConfig } from '../../store/useClubConfig';
import { selectSessionUser } from '../../store/sessionSlice';
import { paths } from '../../config/paths';
import InviteUserDialog from './InviteUserDialog';
import { useChangeUserRoleMutation, useDeleteUserMutation, useGetUsersQuery, useSyncUsersMutation, useUnlockUserMutation, useReinviteUserMutation } from './usersApi';
import { formatInstant } from '../../../common/core/dates';
import { formatTime } from './format';
import { PageHeader } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

/** Users a page of the list. */
const USERS_PAGE_SIZE = 25;

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

/** Gestione Utenti (docs/users.md): counts, search, role filter, the table, invite, delete, sync. */
export default function UsersPage() {
  const me = useAppSelector(selectSessionUser);
  const { timezone } = useClubConfig();
  const { enqueueSnackbar } = useSnackbar();
  const { data, isLoading, isError, error, refetch } = useGetUsersQuery();
  const [changeRole] = useChangeUserRoleMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [syncUsers, { isLoading: syncing }] = useSyncUsersMutation();
  const [unlockUser] = useUnlockUserMutation();
  const [reinviteUser, { isLoading: reinviting }] = useReinviteUserMutation();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<Role | ''>('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [pendingRole, setPendingRole] = useState<Record<string, boolean>>({});
  // A role picked in a row waits for confirmation (the row keeps its role); kept after closing, so the dialog fades out whole.
  const [roleToConfirm, setRoleToConfirm] = useState<{ user: User; role: Role } | null>(null);
  const [roleConfirmOpen, setRoleConfirmOpen] = useState(false);

  const users = useMemo(() => data?.data ?? [], [data]);
  const counts = useMemo(() => countByRole(users), [users]);
  const rows = useMemo(() => filterUsers(users, search, roleFilter), [users, search, roleFilter]);
  const [pageModel, setPageModel] = useState({ page: 0 });
  const userPages = Math.max(1, Math.ceil(rows.length / USERS_PAGE_SIZE));
  // A search that leaves fewer pages shows the last one there is.
  const userPage = Math.min(pageModel.page, userPages - 1);

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

  const onUnlock = async (user: User) => {
    try {
      const result = await unlockUser(user.id).unwrap();
      enqueueSnackbar(result.message, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  const onReinvite = async (user: User) => {
    try {
      const result = await reinviteUser(user.id).unwrap();
      enqueueSnackbar(result.message, { variant: 'success' });
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

  // The app's one table style (MUI Table, as the logs, the audit and the categories; docs/screens.md).
  const columns: Array<{ field: string; headerName: string; width?: number; cell: (row: User) => ReactNode }> = [
    {
      field: 'email',
      headerName: MSG.users.email,
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
          <span>{row.email}</span>
          {row.id === me?.id && (
            <>
              <Tooltip title={MSG.users.currentAccount}>
                <Chip label={MSG.users.you} color="primary" size="small" />
              </Tooltip>
              <Typography variant="caption" color="text.secondary">
                {MSG.users.currentAccount}
              </Typography>
            </>
          )}
          {row.locked_until && <Chip label={MSG.users.lockedUntil(formatTime(row.locked_until))} color="warning" size="small" variant="outlined" />}
        </Stack>
      ),
    },
    {
      field: 'role',
      headerName: MSG.users.role,
      width: 150,
      cell: (row) => (
        <Select
          size="small"
          value={row.role}
          disabled={row.id === me?.id || !!pendingRole[row.id]}
          onChange={(e) => {
            const role = e.target.value as Role;
            if (role === row.role) return;
            setRoleToConfirm({ user: row, role });
            setRoleConfirmOpen(true);
          }}
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
    { field: 'created_at', headerName: MSG.users.createdAt, width: 160, cell: (row) => formatInstant(row.created_at, timezone) },
    {
      field: 'last_sign_in_at',
      headerName: MSG.users.lastSignIn,
      width: 160,
      // An invited user who has not chosen a password has not signed in, whatever the link's session wrote.
      cell: (row) => (row.invito_in_attesa ? MSG.users.invitationPending : row.last_sign_in_at ? formatInstant(row.last_sign_in_at, timezone) : MSG.users.never),
    },
    { field: 'last_updated', headerName: MSG.users.lastUpdated, width: 170, cell: (row) => formatInstant(row.last_updated, timezone) },
    {
      field: 'actions',
      headerName: MSG.users.actions,
      width: 150,
      cell: (row) => (
        <>
          {row.invito_in_attesa && (
            <Tooltip title={MSG.users.reinviteUser(row.email)}>
              <span>
                <IconButton aria-label={MSG.users.reinviteUser(row.email)} color="primary" disabled={reinviting} onClick={() => void onReinvite(row)}>
                  <ForwardToInboxIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
          {row.locked_until && (
            <Tooltip title={MSG.users.unlockUser(row.email)}>
              <IconButton aria-label={MSG.users.unlockUser(row.email)} color="warning" onClick={() => void onUnlock(row)}>
                <LockOpenIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={row.id === me?.id ? MSG.users.cannotDeleteSelf : MSG.users.deleteUser(row.email)}>
            <span>
              <IconButton aria-label={MSG.users.deleteUser(row.email)} color="error" disabled={row.id === me?.id} onClick={() => setToDelete(row)}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </>
      ),
    },
  ];

  if (isLoading) return <LoadingScreen text={MSG.users.loading} />;
  if (isError || !data) {
    return <ErrorRetryScreen message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  return (
    <Box>
      <PageHeader
        title={MSG.users.title}
        actions={
          <>
            <Button component={RouterLink} to={paths.userAudit.getHref()} startIcon={<HistoryIcon />}>
              {MSG.users.auditLink}
            </Button>
            <Button variant="outlined" startIcon={<SyncIcon />} onClick={onSync} disabled={syncing}>
              {syncing ? MSG.users.syncing : MSG.users.sync}
            </Button>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviteOpen(true)}>
              {MSG.users.invite}
            </Button>
          </>
        }
      />

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
        <TableContainer>
          <Table size="small" aria-label={MSG.users.title}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.field} sx={c.width ? { width: c.width } : undefined}>
                    {c.headerName}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(userPage * USERS_PAGE_SIZE, (userPage + 1) * USERS_PAGE_SIZE).map((row) => (
                <TableRow key={row.id} hover>
                  {columns.map((c) => (
                    <TableCell key={c.field}>{c.cell(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager
          page={userPage + 1}
          totalPages={userPages}
          onPage={(p) => setPageModel({ page: p - 1 })}
          summary={
            <Typography variant="body2" color="text.secondary">
              {MSG.users.displayedRows(
                rows.length === 0 ? 0 : userPage * USERS_PAGE_SIZE + 1,
                Math.min((userPage + 1) * USERS_PAGE_SIZE, rows.length),
                rows.length,
              )}
            </Typography>
          }
        />
      </Paper>

      <InviteUserDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />

      <Dialog open={roleConfirmOpen} onClose={() => setRoleConfirmOpen(false)} aria-labelledby="role-change-title" aria-describedby="role-change-text">
        <DialogTitle id="role-change-title">
          {roleToConfirm ? MSG.users.roleChangeTitle(roleToConfirm.user.email, ROLE_LABEL[roleToConfirm.user.role], ROLE_LABEL[roleToConfirm.role]) : ''}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="role-change-text">{roleToConfirm ? MSG.users.roleChangeEffect[roleToConfirm.role] : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRoleConfirmOpen(false)}>{MSG.users.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (!roleToConfirm) return;
              setRoleConfirmOpen(false);
              void onRoleChange(roleToConfirm.user, roleToConfirm.role);
            }}
          >
            {roleToConfirm ? MSG.users.roleChangeConfirm(ROLE_LABEL[roleToConfirm.role]) : ''}
          </Button>
        </DialogActions>
      </Dialog>

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
