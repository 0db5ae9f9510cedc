import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { CLASH_MSG, clashCandidate, type ClashInfo } from '../../../common/occupancy/rules';
import type { PartitaValues } from '../../../common/matches/rules';
import { ClashConfirmDialog } from '../../components/ClashConfirmDialog';
import { paths } from '../../config/paths';
import { useLazyCheckConflittiQuery } from './matchesApi';

/** Quiet time after the last keystroke before the form asks the server (docs/occupancy.md: debounced). */
export const CLASH_CHECK_DEBOUNCE_MS = 400;

/**
 * The clashes of the values being edited, checked on the server (POST /api/partite/conflitti)
 * once the fields stay still for a moment. The last answer stays on screen while the next one is
 * under way (no flicker); answers to older values are dropped.
 */
export function useClashCheck(v: PartitaValues, matchId: number | undefined, clubName: string): { clashes: ClashInfo[]; current: boolean; avviso?: string } {
  const [check] = useLazyCheckConflittiQuery();
  // The last answer and the values it was for: a save right after a change must not ask about the old values.
  const [answer, setAnswer] = useState<{ key: string; clashes: ClashInfo[]; avviso?: string }>({ key: 'null', clashes: [] });
  const seq = useRef(0);
  const relevant = clashCandidate({ ...v, id: matchId ?? null }, clubName);
  const key = JSON.stringify(relevant);
  useEffect(() => {
    const mine = ++seq.current;
    if (!relevant) {
      setAnswer({ key, clashes: [] });
      return;
    }
    const timer = setTimeout(() => {
      check({ ...v, ...(matchId ? { id: matchId } : {}) })
        .unwrap()
        .then((found) => {
          if (seq.current === mine) setAnswer({ key, clashes: [...found], avviso: found.avviso });
        })
        .catch(() => undefined); // the save re-checks anyway
    }, CLASH_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only a change of what the rule compares starts a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { clashes: answer.clashes, current: answer.key === key, avviso: answer.key === key ? answer.avviso : undefined };
}

/**
 * A clash as the dialog lists it: a match's (ClashInfo) or a person's (docs/officials.md, motivo 'persona'); `id` is the other match's.
 * A bulk move's 409 lists at most three clashes of a match, then a line 'altre' that counts the rest (no link).
 */
export type ListedClash = { id: number; motivo: string; messaggio: string };

function ClashItems({ clashes }: { clashes: ListedClash[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {clashes.map((c, i) => (
        <li key={`${i}-${c.id}-${c.motivo}`}>
          {c.messaggio}{' '}
          {c.motivo === 'altre' ? null : c.motivo === 'allenamento' ? (
            <Link component={RouterLink} to={paths.allenamenti.getHref()} target="_blank" rel="noopener">
              {CLASH_MSG.openTrainings}
            </Link>
          ) : (
            <Link component={RouterLink} to={paths.editMatch.getHref(String(c.id))} target="_blank" rel="noopener">
              {CLASH_MSG.openMatch}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The club is closed on the match's date (docs/trainings.md): a warning, the save goes through. */
export function ClosureWarning({ avviso }: { avviso?: string }) {
  if (!avviso) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="closure-warning">
      {avviso}
    </Alert>
  );
}

/** The warnings under the fields, each with a link to the other match. */
export function ClashList({ clashes }: { clashes: ClashInfo[] }) {
  if (clashes.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="clash-warnings">
      <AlertTitle>{CLASH_MSG.formTitle}</AlertTitle>
      <ClashItems clashes={clashes} />
    </Alert>
  );
}

/** Saving with clashes: the list, then 'Salva comunque' or 'Annulla'. */
export function ClashDialog({
  clashes,
  onConfirm,
  onClose,
  intro = CLASH_MSG.dialogIntro,
}: {
  clashes: ListedClash[] | null;
  onConfirm: () => void;
  onClose: () => void;
  /** The line over the list (a designation's clashes are a person's, not the match's). */
  intro?: string;
}) {
  return (
    <ClashConfirmDialog
      open={clashes !== null && clashes.length > 0}
      titleId="clash-dialog-title"
      title={CLASH_MSG.dialogTitle}
      intro={intro}
      cancelLabel={CLASH_MSG.dialogCancel}
      confirmLabel={CLASH_MSG.dialogConfirm}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <ClashItems clashes={clashes ?? []} />
    </ClashConfirmDialog>
  );
}
