import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { hasRole } from '../../../common/users/roles';
import { errorMessage } from '../../api/api';
import { useGetDistintaQuery } from '../../api/teamsheetApi';
import { useAppSelector } from '../../store/hooks';
import { selectRole } from '../../store/sessionSlice';
import { ComponentErrorBoundary } from '../ErrorBoundaries';
import { TeamSheetDialog } from '../teamsheet/TeamSheetDialog';
import { PrintButton } from '../teamsheet/TeamSheetSection';

const S = CONVOCAZIONI_MSG.screen;

/**
 * 'Distinta' from the call-up (docs/teamsheet.md, where it is reached): opens the match's team sheet in its
 * dialog (editors build and save it there, readers see it), then 'Stampa PDF' beside it. The sheet is read only
 * when asked for.
 */
export function TeamSheetLink({ matchId }: { matchId: number }) {
  return (
    <ComponentErrorBoundary>
      <Link matchId={matchId} />
    </ComponentErrorBoundary>
  );
}

function Link({ matchId }: { matchId: number }) {
  const canEdit = hasRole(useAppSelector(selectRole), 'editor');
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const { data, error, isFetching } = useGetDistintaQuery(matchId, { skip: !asked });
  const loading = asked && isFetching && !data;
  return (
    <>
      <Button
        variant="outlined"
        disabled={loading}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {loading ? S.distintaCaricamento : S.distinta}
      </Button>
      {data && <PrintButton id={matchId} data={data.data} />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && <TeamSheetDialog open={open} onClose={() => setOpen(false)} distinta={data} readOnly={!canEdit} />}
    </>
  );
}
