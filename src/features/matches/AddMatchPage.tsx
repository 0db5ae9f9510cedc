import Alert from '@mui/material/Alert';
import { MSG } from '../../../common/messages';
import { hasRole } from '../../../common/roles';
import { useAppSelector } from '../../store/hooks';
import { selectRole } from '../../store/sessionSlice';
import { useCreatePartitaMutation } from './matchesApi';
import { EMPTY_VALUES, MatchForm } from './MatchForm';
import { useSaveFlow } from './useSaveFlow';

/** /aggiungi-partita (editor and above). */
export default function AddMatchPage() {
  const role = useAppSelector(selectRole);
  const [create, { isLoading }] = useCreatePartitaMutation();
  const flow = useSaveFlow();
  if (!hasRole(role, 'editor')) return <Alert severity="error">{MSG.match.notAuthorizedAdd}</Alert>;
  return (
    <MatchForm
      mode="create"
      title={MSG.match.addTitle}
      initial={EMPTY_VALUES}
      busy={isLoading || flow.done}
      saveLabel={MSG.match.save}
      busyLabel={MSG.match.saving}
      onCancel={flow.cancel}
      serverConflicts={flow.conflicts}
      onConflictsClose={flow.clearConflicts}
      onSave={(payload) => void flow.run(() => create(payload).unwrap(), MSG.match.created, MSG.match.createFailed)}
    />
  );
}
