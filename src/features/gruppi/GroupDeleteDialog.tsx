import { useState } from 'react';
import { MSG } from '../../../common/core/messages';
import type { Gruppo } from '../../../common/gruppi/rules';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';

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
    <ConfirmDeleteDialog
      open={!!gruppo}
      titleId="group-delete-title"
      title={MSG.groups.deleteTitle}
      text={gruppo ? MSG.groups.confirmDelete(gruppo.name) : ''}
      error={error}
      busy={deleting}
      cancelLabel={MSG.groups.cancel}
      confirmLabel={MSG.groups.delete}
      busyLabel={MSG.groups.deleting}
      onCancel={close}
      onConfirm={() => void confirm()}
    />
  );
}
