import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../common/core/messages';
import { hasRole } from '../../../common/users/roles';
import { matchLabel, partitaToValues } from '../../../common/matches/rules';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { selectRole } from '../../store/sessionSlice';
import { useCreatePartitaMutation, useGetPartitaQuery } from './matchesApi';
import { MatchForm } from './MatchForm';
import { EMPTY_VALUES, toFormValues, type FormValues } from './matchFormValues';
import { useSaveFlow } from './useSaveFlow';
import { isHomeTeam } from '../../../common/matches/read';
import { useClubConfig } from '../../store/useClubConfig';
import { useUnsavedChanges } from '../../components/form/UnsavedChanges';

/**
 * What 'Salva e aggiungi un'altra' keeps for the next match of the same day (docs/planning.md): date,
 * category, pitch, competition, and the home team when it is the club's own (the same name every
 * match of a home Saturday, each of another category).
 */
function nextOf(v: FormValues, clubName: string): FormValues {
  const ownTeam = isHomeTeam(v.squadraCasa, clubName);
  return {
    ...EMPTY_VALUES,
    data: v.data,
    gruppo: v.gruppo,
    campo: v.campo,
    tipoGara: v.tipoGara,
    terreno: v.terreno,
    ...(ownTeam ? { squadraCasa: v.squadraCasa, isHouseMatch: true } : {}),
  };
}

/**
 * 'Duplica': the match's fields without its date and times, so the copy never opens on top
 * of the original (a clash); the date, empty, takes the focus.
 */
function duplicateOf(v: FormValues): FormValues {
  return { ...v, data: '', ora: '', oraFine: '' };
}

/**
 * /aggiungi-partita (editor and above). A plain save returns to the dashboard at once, which shows
 * the new match; 'Salva e aggiungi un'altra' stays, keeping the day's common fields; ?da=<id>
 * (the edit screen's 'Duplica') opens the form filled from that match, without its date and times.
 */
export default function AddMatchPage() {
  const role = useAppSelector(selectRole);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('da') ?? '';
  const [create, { isLoading }] = useCreatePartitaMutation();
  const flow = useSaveFlow();
  const { clubName } = useClubConfig();
  const source = useGetPartitaQuery(from, { skip: !from || !hasRole(role, 'editor') });
  // The form starts again (a new key) with what the last match leaves for the next one.
  const [next, setNext] = useState<{ key: number; values: FormValues } | null>(null);
  // Leaving a changed form asks first (docs/screens.md); a saved one leaves without a question.
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty && !flow.done);
  if (!hasRole(role, 'editor')) return <Alert severity="error">{MSG.match.notAuthorizedAdd}</Alert>;
  if (from && source.isLoading) return <Typography color="text.secondary">{MSG.match.loading}</Typography>;
  const initial = next?.values ?? (from && source.data ? duplicateOf(toFormValues(partitaToValues(source.data))) : EMPTY_VALUES);
  return (
    <MatchForm
      key={next?.key ?? from}
      mode="create"
      title={from && source.data && !next ? MSG.match.duplicateTitle : MSG.match.addTitle}
      initial={initial}
      focusFirstEmpty
      onDirtyChange={setDirty}
      busy={isLoading || flow.done}
      saveLabel={MSG.match.save}
      busyLabel={MSG.match.saving}
      onCancel={flow.cancel}
      serverConflicts={flow.conflicts}
      onConflictsClose={flow.clearConflicts}
      onSave={(payload) =>
        void flow.run(() => create(payload).unwrap(), MSG.match.created, MSG.match.createFailed, (created) => {
          guard.release();
          void navigate(paths.home.getHref(), { state: { highlight: created.id } });
        })
      }
      onSaveAnother={(payload) =>
        void flow.run(
          () => create(payload).unwrap(),
          MSG.match.createdNext(matchLabel({ squadracasa: payload.squadraCasa, squadratrasferta: payload.squadraTrasferta, data: payload.data, ora: payload.ora })),
          MSG.match.createFailed,
          () => setNext((n) => ({ key: (n?.key ?? 0) + 1, values: nextOf(toFormValues(payload), clubName) })),
        )
      }
    />
  );
}
