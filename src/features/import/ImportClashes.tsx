// Clashes (docs/occupancy.md) in the fixture import's preview (/importa): each valid row checked with the shared rule
// (common/occupancy/rules.ts batchClashes, in buckets: the one the server applies to POST /api/partite/import) against
// the stored matches of the file's days (from POST /api/partite/import/check) and the other rows;
// importing rows that clash asks first, as saving a clashing match does.
import { useMemo, useState, type ReactNode } from 'react';
import { CLASH_MSG, batchClashes, clashCandidate, minutesOf, moreClashes } from '../../../common/occupancy/rules';
import type { ImportRow } from '../../../common/import/rules';
import type { ImportCheck } from '../../../common/import/types';
import type { SlotLiberiArgs } from '../../api/slotsApi';
import { ClashConfirmDialog } from '../../components/ClashConfirmDialog';

/** The dialog lists at most this many clashes, then says how many more. */
const DIALOG_MAX = 20;

export interface ImportClashes {
  /** The rows with each clash added to their problems (valid rows stay valid: a clash is confirmed, not fixed). */
  rows: ImportRow[];
  /** How many rows clash. */
  count: number;
  /** Each row's first clashes, naming the row ('Riga 7: Campo già occupato ...'), then how many more it has ('Riga 7: e altre 4 sovrapposizioni'). */
  list: string[];
  /** The file lines of the rows that clash: each offers 'Trova uno slot'. */
  lines: ReadonlySet<number>;
}

const NO_LINES: ReadonlySet<number> = new Set();

/** The clashes of the preview's valid rows, by file line; the rows unchanged (same array) when there are none. */
export function importClashes(rows: ImportRow[], check: Pick<ImportCheck, 'partite' | 'margine'> | null, clubName: string): ImportClashes {
  const valid = rows.filter((r) => r.payload);
  if (!check || valid.length === 0) return { rows, count: 0, list: [], lines: NO_LINES };
  const perRow = batchClashes(valid.map((r) => clashCandidate(r.payload!, clubName)), check.partite, check.margine);
  const byLine = new Map<number, string[]>();
  perRow.forEach((found, i) => {
    if (found.total === 0) return;
    const more = moreClashes(found);
    byLine.set(valid[i].line, [
      ...found.listed.map((c) => CLASH_MSG.rowMark(c.altra === null ? c.messaggio : CLASH_MSG.withRow(c.messaggio, valid[c.altra].line))),
      ...(more ? [more] : []),
    ]);
  });
  if (byLine.size === 0) return { rows, count: 0, list: [], lines: NO_LINES };
  return {
    rows: rows.map((r) => (byLine.has(r.line) ? { ...r, errors: [...r.errors, ...byLine.get(r.line)!] } : r)),
    count: byLine.size,
    list: [...byLine].flatMap(([line, messages]) => messages.map((m) => CLASH_MSG.row(line, m))),
    lines: new Set(byLine.keys()),
  };
}

/**
 * What 'Trova uno slot' looks for, for a valid row (docs/trainings.md, slot finder): its category,
 * home or away as it will be saved, its length when it has an end (else the category's usual one),
 * from its date; an away row keeps its pitch. Null for a row that is not valid.
 */
export function rowSlotQuery(row: ImportRow, clubName: string): SlotLiberiArgs | null {
  const c = row.payload && clashCandidate(row.payload, clubName);
  if (!c) return null;
  const length = c.ora_fine ? minutesOf(c.ora_fine) - minutesOf(c.ora) : null;
  return {
    gruppo: c.gruppo,
    casa: c.is_house_match,
    ...(length !== null && length >= 30 && length <= 240 ? { durata: length } : {}),
    ...(!c.is_house_match && c.campo ? { campo: c.campo } : {}),
    dal: c.data,
  };
}

/** The messages of a 409 the import answered for clashes (another editor saved meanwhile), or null. */
function refusedClashes(err: unknown): string[] | null {
  const e = err as { status?: unknown; data?: { conflitti?: unknown } };
  if (e.status !== 409 || !Array.isArray(e.data?.conflitti)) return null;
  return (e.data.conflitti as Array<{ messaggio?: unknown }>).map((c) => String(c.messaggio ?? ''));
}

type Go = (confirmed: boolean) => unknown;

/**
 * The preview's clashes and the confirmation: `ask(go)` runs the import at once when no row clashes,
 * else opens the dialog whose 'Importa comunque' runs it confirmed; `refused(err, go)` opens it
 * with the server's list when the import answered 409 (true), so the caller shows no other error.
 */
export function useImportClashes(rows: ImportRow[], check: ImportCheck | null, clubName: string) {
  const found = useMemo(() => importClashes(rows, check, clubName), [rows, check, clubName]);
  const [pending, setPending] = useState<{ list: string[]; go: Go } | null>(null);
  const ask = (go: Go) => {
    if (found.list.length > 0) setPending({ list: found.list, go });
    else go(false);
  };
  const refused = (err: unknown, go: Go) => {
    const list = refusedClashes(err);
    if (list) setPending({ list, go });
    return list !== null;
  };
  const dialog: ReactNode = (
    <ImportClashDialog
      list={pending?.list ?? null}
      onConfirm={() => {
        pending?.go(true);
        setPending(null);
      }}
      onClose={() => setPending(null)}
    />
  );
  return { ...found, ask, refused, dialog };
}

function ImportClashDialog({ list, onConfirm, onClose }: { list: string[] | null; onConfirm: () => void; onClose: () => void }) {
  const shown = (list ?? []).slice(0, DIALOG_MAX);
  const more = (list?.length ?? 0) - shown.length;
  return (
    <ClashConfirmDialog
      open={list !== null && list.length > 0}
      titleId="import-clash-title"
      title={CLASH_MSG.importDialogTitle}
      intro={CLASH_MSG.importDialogIntro}
      cancelLabel={CLASH_MSG.dialogCancel}
      confirmLabel={CLASH_MSG.importConfirm}
      maxWidth="md"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="import-clash-list">
        {shown.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
        {more > 0 && <li>{CLASH_MSG.more(more)}</li>}
      </ul>
    </ClashConfirmDialog>
  );
}
