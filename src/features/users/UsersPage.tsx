import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import SyncIcon from '@mui/icons-material/Sync';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { ROLES, ROLE_LABEL, type Role } from '../../../common/users/roles';
import { countByRole, filterUsers, type User } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { FormTextField } from '../../components/form/FormTextField';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { paths } from '../../config/paths';
import InviteUserDialog from './InviteUserDialog';
import FollowedCategoriesDialog from './FollowedCategoriesDialog';
import { DeleteUserDialog, RoleChangeDialog, type RoleToConfirm } from './UserConfirmDialogs';
import { UsersTable } from './UsersTable';
import { useChangeUserRoleMutation, useDeleteUserMutation, useGetUsersQuery, useSyncUsersMutation, useUnlockUserMutation, useReinviteUserMutation } from './usersApi';
import { PageHeader } from '../../components/PageFrame';

/** The list's filters (docs/users.md): email or id, and a role. */
const NO_FILTERS: { search: string; role: Role | '' } = { search: '', role: '' };

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
  const { enqueueSnackbar } = useSnackbar();
  const { data, isLoading, isError, error, refetch } = useGetUsersQuery();
  const [changeRole] = useChangeUserRoleMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [syncUsers, { isLoading: syncing }] = useSyncUsersMutation();
  const [unlockUser] = useUnlockUserMutation();
  const [reinviteUser, { isLoading: reinviting }] = useReinviteUserMutation();
  const filters = useForm({ defaultValues: NO_FILTERS });
  const [search, roleFilter] = useWatch({ control: filters.control, name: ['search', 'role'] });
  const [inviteOpen, setInviteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [pendingRole, setPendingRole] = useState<Record<string, boolean>>({});
  // A role picked in a row waits for confirmation (the row keeps its role); kept after closing, so the dialog fades out whole.
  const [roleToConfirm, setRoleToConfirm] = useState<RoleToConfirm | null>(null);
  const [roleConfirmOpen, setRoleConfirmOpen] = useState(false);
  // Kept after closing, so the dialog fades out whole.
  const [followed, setFollowed] = useState<{ user: User | null; open: boolean }>({ user: null, open: false });

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
          <FormTextField
            control={filters.control}
            name="search"
            label={MSG.users.search}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          />
          <FormTextField
            control={filters.control}
            name="role"
            select
            label={MSG.users.roleFilter}
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
          </FormTextField>
        </Stack>
      </Paper>

      <UsersTable
        rows={rows}
        meId={me?.id}
        pendingRole={pendingRole}
        reinviting={reinviting}
        onPickRole={(user, role) => {
          setRoleToConfirm({ user, role });
          setRoleConfirmOpen(true);
        }}
        onReinvite={(user) => void onReinvite(user)}
        onUnlock={(user) => void onUnlock(user)}
        onDelete={setToDelete}
        onEditFollowed={(user) => setFollowed({ user, open: true })}
      />

      <InviteUserDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
      <FollowedCategoriesDialog user={followed.user} open={followed.open} onClose={() => setFollowed((f) => ({ ...f, open: false }))} />

      <RoleChangeDialog
        open={roleConfirmOpen}
        pick={roleToConfirm}
        onCancel={() => setRoleConfirmOpen(false)}
        onConfirm={(pick) => {
          setRoleConfirmOpen(false);
          void onRoleChange(pick.user, pick.role);
        }}
      />
      <DeleteUserDialog user={toDelete} deleting={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void onDelete()} />
    </Box>
  );
}
