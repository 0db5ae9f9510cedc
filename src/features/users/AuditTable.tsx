import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../common/core/messages';
import { formatInstant } from '../../../common/core/dates';
import { ROLE_LABEL, type Role } from '../../../common/users/roles';
import { describeChanges, type AuditAction, type UserAuditRecord } from '../../../common/users/rules';
import { useClubConfig } from '../../store/useClubConfig';

const ACTION_COLOR: Record<AuditAction, 'success' | 'info' | 'error' | 'warning'> = {
  CREATE: 'success',
  UPDATE: 'info',
  DELETE: 'error',
  ROLE_CHANGE: 'warning',
};

const roleLabel = (r: Role | null) => (r ? ROLE_LABEL[r] : '—');

function Person({ email, id, fallback }: { email: string | null; id: string | null; fallback?: string }) {
  if (!email && !id) return <>{fallback ?? '—'}</>;
  return (
    <Box>
      <Typography variant="body2">{email ?? '—'}</Typography>
      {id && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {id.slice(0, 8)}
        </Typography>
      )}
    </Box>
  );
}

function AuditRow({ r }: { r: UserAuditRecord }) {
  const changes = describeChanges(r.changes);
  const { timezone } = useClubConfig();
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at, timezone)}</TableCell>
      <TableCell>
        <Chip size="small" color={ACTION_COLOR[r.action_type]} label={MSG.users.actionLabel[r.action_type]} />
      </TableCell>
      <TableCell>
        <Person email={r.target_user_email} id={r.target_user_id} />
      </TableCell>
      <TableCell>
        {r.performed_by_user_id || r.performed_by_email ? (
          <Box>
            <Person email={r.performed_by_email} id={r.performed_by_user_id} />
            {r.performed_by_role && (
              <Typography variant="caption" color="text.secondary">
                {ROLE_LABEL[r.performed_by_role]}
              </Typography>
            )}
          </Box>
        ) : (
          MSG.users.system
        )}
      </TableCell>
      <TableCell>{roleLabel(r.target_user_role_before)}</TableCell>
      <TableCell>{roleLabel(r.target_user_role_after)}</TableCell>
      <TableCell>
        {changes.length === 0
          ? '—'
          : changes.map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{r.ip_address ?? '—'}</TableCell>
    </TableRow>
  );
}

/** A page of the user audit (docs/users.md): who changed what, roles before and after, the changes in words. */
export function AuditTable({ records }: { records: readonly UserAuditRecord[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={MSG.users.auditTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{MSG.users.auditDate}</TableCell>
            <TableCell>{MSG.users.auditAction}</TableCell>
            <TableCell>{MSG.users.targetUser}</TableCell>
            <TableCell>{MSG.users.performer}</TableCell>
            <TableCell>{MSG.users.roleBefore}</TableCell>
            <TableCell>{MSG.users.roleAfter}</TableCell>
            <TableCell>{MSG.users.changes}</TableCell>
            <TableCell>{MSG.users.ipAddress}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => (
            <AuditRow key={r.id} r={r} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
