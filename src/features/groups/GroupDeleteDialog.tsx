import { useState } from 'react';
import { MSG } from '../../../common/core/messages';
import type { Gruppo } from '../../../common/groups/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { DELETE_PREVIEW_MSG, deletePreviewLines, type GruppoDeletePreview } from '../../../common/groups/delete-preview';
import { useGetGruppoDeletePreviewQuery } from './groupsApi';

export interface GroupDeleteDialogProps {
  gruppo: Gruppo | null;
  /** Deletes; rejects with an Error whose message is shown in the dialog. */
  onConfirm: (gruppo: Gruppo) => Promise<void>;
  onClose: () => void;
}

/**
 * Confirmation before deleting a category (admins only); cannot be closed while deleting. It names
 * what goes with the category (referents, training series, its calendar feed) and, when matches
 * still use it, says so and keeps 'Elimina' disabled (the server would refuse: matches are never
 * deleted with a category).
 */
export default function GroupDeleteDialog({ gruppo, onConfirm, onClose }: GroupDeleteDialogProps) {
  const preview = useGetGruppoDeletePreviewQuery(gruppo?.id ?? 0, { skip: !gruppo, refetchOnMountOrArgChange: true });
  const current = gruppo && preview.currentData?.name === gruppo.name ? preview.currentData : undefined;
  const hasMatches = !!current && current.partite > 0;
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
      details={gruppo && <DeleteDetails loading={preview.isFetching && !current} failed={preview.isError && !current} preview={current} />}
      confirmDisabled={hasMatches}
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

function DeleteDetails({ loading, failed, preview }: { loading: boolean; failed: boolean; preview?: GruppoDeletePreview }) {
  if (loading)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">
        {DELETE_PREVIEW_MSG.loading}
      </Typography>
    );
  if (failed || !preview)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {DELETE_PREVIEW_MSG.loadFailed}
      </Typography>
    );
  return (
    <Box sx={{ mt: 2 }} data-testid="group-delete-details">
      {preview.partite > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {DELETE_PREVIEW_MSG.hasMatches(preview.partite)}
        </Alert>
      )}
      <Typography variant="body2">{DELETE_PREVIEW_MSG.goesWith}</Typography>
      <Box component="ul" aria-label={DELETE_PREVIEW_MSG.goesWith} sx={{ mt: 0.5, mb: 1, pl: 3 }}>
        {deletePreviewLines(preview).map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {DELETE_PREVIEW_MSG.matchesKept}
      </Typography>
    </Box>
  );
}
