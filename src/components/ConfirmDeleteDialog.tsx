import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
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

/**
 * The delete round of a form dialog: 'Elimina' asks (ConfirmDeleteDialog), the confirm deletes; a
 * refusal stays in the question, success closes it and hands on (`onDeleted`: say so, close the form).
 */
export function useConfirmDelete({ remove, onDeleted, refusal }: { remove: () => Promise<unknown>; onDeleted: () => void; refusal: (err: unknown) => string }) {
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await remove();
      setAsking(false);
      onDeleted();
    } catch (err) {
      setDeleting(false);
      setError(refusal(err));
    }
  };
  return {
    asking,
    deleting,
    ask: () => setAsking(true),
    /** ConfirmDeleteDialog's open, error, busy, onCancel and onConfirm. */
    dialog: { open: asking, error, busy: deleting, onCancel: () => setAsking(false), onConfirm: () => void confirm() },
  };
}

/** A form dialog's 'Elimina', apart at the start of its actions. */
export function DeleteButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button color="error" startIcon={<DeleteOutlineIcon />} disabled={disabled} onClick={onClick} sx={{ mr: 'auto' }}>
      {label}
    </Button>
  );
}
