import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface Props {
  open: boolean;
  /** The title's id (the dialog is named by its title). */
  titleId: string;
  title: string;
  /** The sentence saying what is deleted. */
  text: ReactNode;
  /** More about what goes with it (lists, notes), under the sentence. */
  details?: ReactNode;
  /** The confirm button stays disabled (e.g. the delete would be refused). */
  confirmDisabled?: boolean;
  /** Why the last delete failed, shown above the text; nothing when empty. */
  error?: string | null;
  /** Deleting: the dialog cannot be closed, both buttons are disabled and the confirm button shows a spinner. */
  busy: boolean;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's label while busy. */
  busyLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Confirmation before deleting something: title, optional error, text, then cancel and a red confirm button. Each screen brings its texts from common/. */
export function ConfirmDeleteDialog({ open, titleId, title, text, details, confirmDisabled, error, busy, cancelLabel, confirmLabel, busyLabel, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{text}</DialogContentText>
        {details}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          color="error"
          variant="contained"
          disabled={busy || confirmDisabled}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
