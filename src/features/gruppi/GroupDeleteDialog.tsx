import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '../../../common/core/messages';
import type { Gruppo } from '../../../common/gruppi/rules';

export interface GroupDeleteDialogProps {
  gruppo: Gruppo | null;
  /** Deletes; rejects with an Error whose message is shown in the dialog. */
  onConfirm: (gruppo: Gruppo) => Promise<void>;
  onClose: () => void;
}

/** Confirmation before deleting a category (admins only); cannot be closed while deleting. */
export default function GroupDeleteDialog({ gruppo, onConfirm, onClose }: GroupDeleteDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<Gruppo | null>(gruppo);
  // A new category to confirm starts clean.
  if (gruppo !== shownFor) {
    setShownFor(gruppo);
    setError(null);
    setDeleting(false);
  }

  const close = () => {
    if (!deleting) onClose();
  };

  const confirm = async () => {
    if (!gruppo) return;
    setDeleting(true);
    setError(null);
    try {
      await onConfirm(gruppo);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setDeleting(false);
    }
  };

  return (
    <Dialog open={!!gruppo} onClose={close} aria-labelledby="group-delete-title" maxWidth="sm" fullWidth>
      <DialogTitle id="group-delete-title">{MSG.groups.deleteTitle}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{gruppo ? MSG.groups.confirmDelete(gruppo.name) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={deleting}>
          {MSG.groups.cancel}
        </Button>
        <Button
          onClick={confirm}
          color="error"
          variant="contained"
          disabled={deleting}
          startIcon={deleting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {deleting ? MSG.groups.deleting : MSG.groups.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
