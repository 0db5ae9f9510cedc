import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import { describeChiusura, type Chiusura } from '../../../common/closures/rules';
import { errorMessage } from '../../api/api';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { FormDialog } from '../../components/form/FormDialog';
import { useNotify } from '../../components/Toasts';
import { useDeleteChiusuraMutation, useGetChiusureQuery } from './closuresApi';
import { ClosureForm } from './ClosureForm';

const M = CHIUSURE_MSG;

/**
 * 'Chiusure del club' on the Allenamenti screen (docs/trainings.md): the periods the club is closed
 * (no training, no slot proposed, a warning on a match). Everyone signed in reads them; editors and
 * administrators add, edit and delete them.
 */
export function ClosuresSection({ canEdit }: { canEdit: boolean }) {
  const { data, isError } = useGetChiusureQuery();
  const [form, setForm] = useState<{ open: boolean; chiusura: Chiusura | null; key: number }>({ open: false, chiusura: null, key: 0 });
  const [removing, setRemoving] = useState<Chiusura | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [remove, { isLoading: deleting }] = useDeleteChiusuraMutation();
  const notify = useNotify();
  const list = data?.data ?? [];
  const open = (chiusura: Chiusura | null) => setForm((f) => ({ open: true, chiusura, key: f.key + 1 }));

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError(null);
    try {
      await remove(removing.id).unwrap();
      notify(M.deleted, 'success');
      setRemoving(null);
    } catch (err) {
      setRemoveError(`${M.deleteError}: ${errorMessage(err)}`);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="chiusure-title" sx={{ p: 2, mt: 3 }} data-testid="chiusure">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography id="chiusure-title" variant="h6" component="h2">
          {M.title}
        </Typography>
        {canEdit && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => open(null)} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            {M.add}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {M.intro}
      </Typography>
      {isError && <Alert severity="error">{M.loadError}</Alert>}
      {!isError && list.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="chiusure-empty">
          {M.empty}
        </Typography>
      )}
      {list.length > 0 && (
        <Box component="ul" aria-labelledby="chiusure-title" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((c) => (
            <Box component="li" key={c.id} data-testid="chiusura" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{c.nome}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {M.period(c.dal, c.al)}
                </Typography>
              </Box>
              {canEdit && (
                <>
                  <IconButton aria-label={M.editOf(c.nome)} onClick={() => open(c)}>
                    <EditOutlinedIcon />
                  </IconButton>
                  <IconButton
                    aria-label={M.deleteOf(c.nome)}
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(c);
                    }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canEdit && form.key > 0 && (
        <FormDialog open={form.open} onClose={() => setForm((f) => ({ ...f, open: false }))} titleId="chiusura-title" maxWidth="sm">
          {(_busy, controls) => <ClosureForm key={form.key} chiusura={form.chiusura} onClose={() => setForm((f) => ({ ...f, open: false }))} controls={controls} />}
        </FormDialog>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        titleId="chiusura-delete-title"
        title={M.deleteTitle}
        text={removing ? M.deleteText(describeChiusura(removing)) : ''}
        error={removeError}
        busy={deleting}
        cancelLabel={M.cancel}
        confirmLabel={M.deleteConfirm}
        busyLabel={M.deleting}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      />
    </Paper>
  );
}
