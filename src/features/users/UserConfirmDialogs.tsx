import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '../../../common/core/messages';
import { ROLE_LABEL, type Role } from '../../../common/users/roles';
import type { User } from '../../../common/users/rules';

/** A role picked in a row and waiting for its confirmation (the row keeps its role meanwhile). */
export interface RoleToConfirm {
  user: User;
  role: Role;
}

/**
 * 'Cambiare il ruolo di … da … a …?' (docs/users.md) with what the new role may do. `pick` is kept after
 * closing, so the dialog fades out whole.
 */
export function RoleChangeDialog({ open, pick, onCancel, onConfirm }: { open: boolean; pick: RoleToConfirm | null; onCancel: () => void; onConfirm: (pick: RoleToConfirm) => void }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="role-change-title" aria-describedby="role-change-text">
      <DialogTitle id="role-change-title">{pick ? MSG.users.roleChangeTitle(pick.user.email, ROLE_LABEL[pick.user.role], ROLE_LABEL[pick.role]) : ''}</DialogTitle>
      <DialogContent>
        <DialogContentText id="role-change-text">{pick ? MSG.users.roleChangeEffect[pick.role] : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{MSG.users.cancel}</Button>
        <Button variant="contained" onClick={() => pick && onConfirm(pick)}>
          {pick ? MSG.users.roleChangeConfirm(ROLE_LABEL[pick.role]) : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The deletion's confirmation, naming the account; not closed while the deletion runs. */
export function DeleteUserDialog({ user, deleting, onCancel, onConfirm }: { user: User | null; deleting: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={!!user} onClose={() => !deleting && onCancel()} aria-labelledby="delete-user-title">
      <DialogTitle id="delete-user-title">{MSG.users.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{user ? MSG.users.confirmDelete(user.email) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          {MSG.users.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={deleting}>
          {deleting ? MSG.users.deleting : MSG.users.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
