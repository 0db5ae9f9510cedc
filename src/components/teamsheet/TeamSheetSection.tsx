import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasRole } from '../../../common/users/roles';
import { errorMessage } from '../../api/api';
import { useAppSelector } from '../../store/hooks';
import { selectRole } from '../../store/sessionSlice';
import { ComponentErrorBoundary } from '../ErrorBoundaries';
import { TEAMSHEET_UI as UI } from './messages';
import { TeamSheetDialog } from './TeamSheetDialog';
import { problemiOf, useGetDistintaQuery, usePrintDistintaMutation } from '../../api/teamsheetApi';

/** 'Stampa PDF' of a sheet: the download, or the 409's Italian reason (and the refused players). */
export function PrintButton({ id, data, disabled = false }: { id: number; data: string; disabled?: boolean }) {
  const [print, { isLoading, error, isSuccess, reset }] = usePrintDistintaMutation();
  const problemi = problemiOf(error);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" disabled={disabled || isLoading} onClick={() => void print({ id, data }).unwrap().catch(() => undefined)}>
        {isLoading ? UI.printing : UI.print}
      </Button>
      {error && (
        <Alert severity="error" onClose={reset}>
          {errorMessage(error)}
          {problemi.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problemi.map((p) => (
                <li key={p.giocatore}>{p.motivo}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {isSuccess && !error && <Alert severity="success">{UI.printed}</Alert>}
    </Stack>
  );
}

/**
 * The match's 'Distinta' (docs/teamsheet.md): a summary of the sheet, 'Apri distinta' (the dialog where
 * editors build and save it; readers only see it) and 'Stampa PDF'. Its own component so the edit
 * screen mounts it with one line.
 */
export function TeamSheetSection({ matchId }: { matchId: number }) {
  // A failure of the sheet never takes the match's edit screen down with it.
  return (
    <ComponentErrorBoundary>
      <Section matchId={matchId} />
    </ComponentErrorBoundary>
  );
}

function Section({ matchId }: { matchId: number }) {
  const role = useAppSelector(selectRole);
  const canEdit = hasRole(role, 'editor');
  const { data: distinta, isLoading, error } = useGetDistintaQuery(matchId);
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-labelledby="distinta-title" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="distinta-section">
      <Typography id="distinta-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {UI.section}
      </Typography>
      {isLoading && <Typography color="text.secondary">{UI.loading}</Typography>}
      {error && <Alert severity="error">{`${UI.loadError}: ${errorMessage(error)}`}</Alert>}
      {distinta && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            {UI.summary(distinta.giocatori.length, distinta.salvata)} · {UI.prints(distinta.stampe)}
          </Typography>
          {distinta.motivi.map((m) => (
            <Alert key={m} severity="warning">
              {m}
            </Alert>
          ))}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button variant="contained" onClick={() => setOpen(true)}>
              {canEdit ? UI.open : UI.view}
            </Button>
            <PrintButton id={matchId} data={distinta.data} />
          </Stack>
          <TeamSheetDialog open={open} onClose={() => setOpen(false)} distinta={distinta} readOnly={!canEdit} />
        </Stack>
      )}
    </Box>
  );
}
