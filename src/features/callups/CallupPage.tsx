import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { hasRole } from '../../../common/users/roles';
import { errorMessage } from '../../api/api';
import { CALLUP_POLLING_MS, useGetConvocazioneQuery } from '../../api/callupsApi';
import { CallupSection } from '../../components/callups/CallupSection';
import { useUnsavedChanges } from '../../components/form/UnsavedChanges';
import { PageHeader } from '../../components/PageFrame';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { selectRole } from '../../store/sessionSlice';
import { giornoBreve } from './callupText';

const M = CONVOCAZIONI_MSG;
const E = M.elenco;

/**
 * One match's call-up from the 'Convocazioni' screen (/convocazioni/{id}): the match, then the call-up as on
 * the edit screen (shared: src/components/callups/CallupSection.tsx), read-only for readers, and 'Distinta'.
 */
export default function CallupPage() {
  const { id = '' } = useParams();
  const partitaId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const role = useAppSelector(selectRole);
  const { data, error, isLoading } = useGetConvocazioneQuery(partitaId ?? 0, {
    skip: partitaId === null,
    pollingInterval: CALLUP_POLLING_MS,
    skipPollingIfUnfocused: true,
  });
  // A call-up changed and not saved asks before the page is left (docs/screens.md).
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const back = (
    <Button component={RouterLink} to={paths.convocazioni.path} variant="text">
      {E.indietro}
    </Button>
  );
  if (partitaId === null) {
    return (
      <>
        <PageHeader title={M.screen.title} actions={back} />
        <Alert severity="error">{M.notFound}</Alert>
      </>
    );
  }
  const p = data?.partita;
  return (
    <>
      <PageHeader title={p ? E.partita(p.squadracasa, p.squadratrasferta) : M.screen.title} actions={back} />
      {isLoading && <Typography color="text.secondary">{M.screen.loading}</Typography>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {p && (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography data-testid="convocazione-partita">
              {E.quando(giornoBreve(p.data), p.ora, p.gruppo)} · {E.campo(p.campo)}
            </Typography>
            {p.stato && <Chip size="small" color="error" label={p.stato} />}
          </Stack>
          <CallupSection partitaId={partitaId} gruppo={p.gruppo} readOnly={!hasRole(role, 'editor')} onDirtyChange={setDirty} />
        </>
      )}
    </>
  );
}
