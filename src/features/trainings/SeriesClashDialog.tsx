import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { ALLENAMENTI_MSG as M } from '../../../common/trainings/messages';
import type { AllenamentoConflitto } from '../../../common/trainings/types';
import { ClashConfirmDialog } from '../../components/ClashConfirmDialog';
import { paths } from '../../config/paths';
import { formatDate } from './grid';

/** A save the server refused for clashes (409): each clash's sentence and when it first happens, then 'Salva comunque' or 'Annulla'. */
export function SeriesClashDialog({ conflicts, onConfirm, onClose }: { conflicts: AllenamentoConflitto[] | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <ClashConfirmDialog
      open={conflicts !== null && conflicts.length > 0}
      titleId="allenamento-clash-title"
      title={M.clashTitle}
      intro={M.clashIntro}
      cancelLabel={M.cancel}
      confirmLabel={M.clashConfirm}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="allenamento-clashes">
        {(conflicts ?? []).map((c) => (
          <li key={`${c.motivo}-${c.id}-${c.data}`}>
            <span>{c.messaggio}</span> ({c.motivo === 'allenamento' ? M.clashFrom(formatDate(c.data)) : M.clashOn(formatDate(c.data))})
            {c.motivo !== 'allenamento' && (
              <>
                {' '}
                <Link component={RouterLink} to={paths.editMatch.getHref(String(c.id))} target="_blank" rel="noopener">
                  {M.openMatch}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </ClashConfirmDialog>
  );
}
