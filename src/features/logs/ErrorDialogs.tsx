import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOGS_MSG } from '../../../common/logs/messages';
import { NOTES_MAX } from '../../../common/logs/constants';
import { resolveErrorSchema, type ErrorLogEntry } from '../../../common/logs/rules';
import type { z } from '../../../common/core/zod';
import { errorMessage } from '../../api/api';
import { FormDialog } from '../../components/form/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { useResolveErrorMutation, useResolveMultipleMutation } from './logsApi';
import { CloseActions, DetailField, Preformatted, SeverityChip, UserCell, json } from './LogParts';
import { formatInstant } from '../../../common/core/dates';

const S = LOGS_MSG.screen;
const F = S.field;

/** Every field of an error (docs/logs.md; the error log screen's detail modal). */
export function ErrorDetailDialog({ entry, timezone, onClose }: { entry: ErrorLogEntry | null; timezone: string; onClose: () => void }) {
  return (
    <Dialog open={!!entry} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="error-detail-title" scroll="paper">
      {entry && (
        <>
          <DialogTitle id="error-detail-title">{S.errorDetail}</DialogTitle>
          <DialogContent dividers>
            <Box component="dl" sx={{ m: 0 }}>
              <DetailField label={F.id} mono>
                {entry.id.slice(0, 8)}
              </DetailField>
              <DetailField label={F.message}>{entry.error_message}</DetailField>
              <DetailField label={F.type}>{S.typeLabel[entry.error_type] ?? entry.error_type}</DetailField>
              <DetailField label={F.severity}>
                <SeverityChip severity={entry.severity} />
              </DetailField>
              <DetailField label={F.status}>
                {entry.resolved ? <Chip size="small" color="success" label={LOGS_MSG.resolved} /> : <Chip size="small" variant="outlined" label={LOGS_MSG.open} />}
              </DetailField>
              <DetailField label={F.user}>
                <UserCell email={entry.user_email} role={entry.user_role} />
              </DetailField>
              <DetailField label={F.endpoint} mono>
                {entry.endpoint}
              </DetailField>
              <DetailField label={F.method} mono>
                {entry.method}
              </DetailField>
              <DetailField label={F.statusCode}>{entry.status_code ?? null}</DetailField>
              <DetailField label={F.occurrences}>{entry.occurrence_count}</DetailField>
              <DetailField label={F.lastOccurrence}>{formatInstant(entry.last_occurred_at, timezone)}</DetailField>
              <DetailField label={F.firstOccurrence}>{formatInstant(entry.first_occurred_at, timezone)}</DetailField>
              <DetailField label={F.hash} mono>
                {entry.error_hash}
              </DetailField>
              {entry.resolved && (
                <>
                  <DetailField label={F.resolvedAt}>{formatInstant(entry.resolved_at, timezone)}</DetailField>
                  <DetailField label={F.notes}>{entry.notes}</DetailField>
                </>
              )}
            </Box>
            <Preformatted label={F.stack} text={entry.error_stack} />
            <Preformatted label={F.context} text={json(entry.context)} />
          </DialogContent>
          <CloseActions onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}

type NotesControl = Control<z.input<typeof resolveErrorSchema>, unknown, z.output<typeof resolveErrorSchema>>;

function NotesField({ control, disabled }: { control: NotesControl; disabled: boolean }) {
  return <FormTextField control={control} name="notes" label={S.notesLabel} multiline minRows={3} fullWidth disabled={disabled} slotProps={{ htmlInput: { maxLength: NOTES_MAX } }} sx={{ mt: 2 }} />;
}

/** The optional notes of a resolution, checked with the resolve body's own rule (trimmed; empty is none). */
function useNotesForm() {
  return useForm({ resolver: zodResolver(resolveErrorSchema), defaultValues: { notes: '' } });
}

/** Single resolve with optional notes (docs/logs.md). */
export function ResolveDialog({
  entry,
  onClose,
  onDone,
  onFailed,
}: {
  entry: ErrorLogEntry | null;
  onClose: () => void;
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const { control, formState, handleSubmit, reset } = useNotesForm();
  const [resolve, { isLoading }] = useResolveErrorMutation();
  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };
  const confirm = handleSubmit(async ({ notes }) => {
    if (!entry) return;
    try {
      await resolve({ id: entry.id, notes: notes ?? undefined }).unwrap();
      reset();
      onClose();
      onDone(LOGS_MSG.resolvedOne);
    } catch (err) {
      onFailed(errorMessage(err));
    }
  });
  return (
    // Notes typed: closing asks first (docs/screens.md).
    <FormDialog open={!!entry} onClose={close} titleId="resolve-title" maxWidth="sm" dirty={formState.isDirty} busy={isLoading}>
      {(_busy, controls) => (
      <>
      <DialogTitle id="resolve-title">{S.resolveTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {entry?.error_message}
        </Typography>
        <NotesField control={control} disabled={isLoading} />
      </DialogContent>
      <DialogActions>
        <Button onClick={controls.requestClose} disabled={isLoading}>
          {S.cancel}
        </Button>
        <Button variant="contained" color="success" onClick={() => void confirm()} disabled={isLoading}>
          {LOGS_MSG.resolve}
        </Button>
      </DialogActions>
      </>
      )}
    </FormDialog>
  );
}

/** Bulk resolve of the selected rows: only the open ones go to the server (docs/logs.md). */
export function ResolveManyDialog({
  open,
  selected,
  onClose,
  onDone,
  onFailed,
}: {
  open: boolean;
  selected: ErrorLogEntry[];
  onClose: () => void;
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const { control, formState, handleSubmit, reset } = useNotesForm();
  const [resolveMany, { isLoading }] = useResolveMultipleMutation();
  const openOnes = selected.filter((r) => !r.resolved);
  const ignored = selected.length - openOnes.length;
  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };
  const confirm = handleSubmit(async ({ notes }) => {
    if (openOnes.length === 0) return;
    try {
      const result = await resolveMany({ errorIds: openOnes.map((r) => r.id), notes: notes ?? undefined }).unwrap();
      reset();
      onClose();
      onDone(result.message || LOGS_MSG.resolvedMany(result.resolved_count));
    } catch (err) {
      onFailed(LOGS_MSG.bulkFailed(errorMessage(err)));
    }
  });
  return (
    <FormDialog open={open} onClose={close} titleId="resolve-many-title" maxWidth="sm" dirty={formState.isDirty} busy={isLoading}>
      {(_busy, controls) => (
      <>
      <DialogTitle id="resolve-many-title">{S.resolveManyTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Typography variant="body2">{S.bulkOpen(openOnes.length)}</Typography>
          {ignored > 0 && <Typography variant="body2">{S.bulkIgnored(ignored)}</Typography>}
          {openOnes.length === 0 && <Alert severity="info">{LOGS_MSG.allAlreadyResolved}</Alert>}
        </Stack>
        <NotesField control={control} disabled={isLoading || openOnes.length === 0} />
      </DialogContent>
      <DialogActions>
        <Button onClick={controls.requestClose} disabled={isLoading}>
          {S.cancel}
        </Button>
        <Button variant="contained" color="success" onClick={() => void confirm()} disabled={isLoading || openOnes.length === 0}>
          {openOnes.length === 0 ? LOGS_MSG.nothingToResolve : S.resolveCount(openOnes.length)}
        </Button>
      </DialogActions>
      </>
      )}
    </FormDialog>
  );
}
