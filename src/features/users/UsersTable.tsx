import { useState, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { MSG } from '../../../common/core/messages';
import { formatInstant } from '../../../common/core/dates';
import { ROLES, ROLE_LABEL, type Role } from '../../../common/users/roles';
import type { User } from '../../../common/users/rules';
import { Pager } from '../../components/Pager';
import { useClubConfig } from '../../store/useClubConfig';
import { formatTime } from './format';
import { FOLLOWED_MSG } from '../../../common/players/messages';
import { describeFollowed } from './followedCategories';

/** Users a page of the list. */
const USERS_PAGE_SIZE = 25;

/** The users' table with its pager (docs/users.md): role pickers (a pick asks first), invitation, unlock and delete per row. */
export function UsersTable({
  rows,
  meId,
  pendingRole,
  reinviting,
  onPickRole,
  onReinvite,
  onUnlock,
  onDelete,
  onEditFollowed,
}: {
  /** The users the search and the role filter leave. */
  rows: readonly User[];
  /** The signed-in account: its role and its deletion are off. */
  meId: string | undefined;
  /** Users whose role change is on its way. */
  pendingRole: Readonly<Record<string, boolean>>;
  reinviting: boolean;
  onPickRole: (user: User, role: Role) => void;
  onReinvite: (user: User) => void;
  onUnlock: (user: User) => void;
  onDelete: (user: User) => void;
  /** 'Categorie seguite': the categories whose players the user sees (docs/players.md). */
  onEditFollowed: (user: User) => void;
}) {
  const { timezone } = useClubConfig();
  const [pageModel, setPageModel] = useState({ page: 0 });
  const userPages = Math.max(1, Math.ceil(rows.length / USERS_PAGE_SIZE));
  // A search that leaves fewer pages shows the last one there is.
  const userPage = Math.min(pageModel.page, userPages - 1);

  // The app's one table style (MUI Table, as the logs, the audit and the categories; docs/screens.md).
  const columns: Array<{ field: string; headerName: string; width?: number; cell: (row: User) => ReactNode }> = [
    {
      field: 'email',
      headerName: MSG.users.email,
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
          <span>{row.email}</span>
          {row.id === meId && (
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
          disabled={row.id === meId || !!pendingRole[row.id]}
          onChange={(e) => {
            const role = e.target.value as Role;
            if (role !== row.role) onPickRole(row, role);
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
    {
      field: 'gruppiSeguiti',
      headerName: FOLLOWED_MSG.column,
      width: 200,
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" data-testid="user-followed" sx={{ overflowWrap: 'anywhere' }}>
            {describeFollowed(row.role, row.gruppiSeguiti)}
          </Typography>
          <Tooltip title={FOLLOWED_MSG.editOf(row.email)}>
            <IconButton size="small" aria-label={FOLLOWED_MSG.editOf(row.email)} onClick={() => onEditFollowed(row)}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
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
                <IconButton aria-label={MSG.users.reinviteUser(row.email)} color="primary" disabled={reinviting} onClick={() => onReinvite(row)}>
                  <ForwardToInboxIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
          {row.locked_until && (
            <Tooltip title={MSG.users.unlockUser(row.email)}>
              <IconButton aria-label={MSG.users.unlockUser(row.email)} color="warning" onClick={() => onUnlock(row)}>
                <LockOpenIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={row.id === meId ? MSG.users.cannotDeleteSelf : MSG.users.deleteUser(row.email)}>
            <span>
              <IconButton aria-label={MSG.users.deleteUser(row.email)} color="error" disabled={row.id === meId} onClick={() => onDelete(row)}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
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
  );
}
