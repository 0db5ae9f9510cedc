import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useGridApiRef, type GridColDef, type GridRenderCellParams, type GridRowHeightParams, type GridValidRowModel } from '@mui/x-data-grid';
import { IMPORT_MSG } from '../../../common/import/messages';
import type { ImportField } from '../../../common/import/constants';
import type { ImportRow } from '../../../common/import/rules';
import { MSG } from '../../../common/core/messages';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { SlotFinderDialog } from '../../components/SlotFinder';
import type { SlotLiberiArgs } from '../../api/slotsApi';
import type { Slot } from '../../../common/occupancy/slots';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { fmtDate } from './importTable';

const M = IMPORT_MSG;

const homeAway = (home: boolean | null | undefined) => (home === true ? M.home : home === false ? M.away : '');
/** The changing rooms read, Garibaldina's first: '3 / 4', '3 / -', or nothing; the file's text when it is not a number. */
const rooms = ({ values: v, raw }: ImportRow) => {
  const gari = v.spogliatoioGari ?? raw.spogliatoioGari;
  const ospiti = v.spogliatoioOspiti ?? raw.spogliatoioOspiti;
  return gari == null && ospiti == null ? '' : `${gari ?? '-'} / ${ospiti ?? '-'}`;
};

// The grid's props are built once: new columns or callbacks on every render make the DataGrid redo its work.
/** A valid row's height (its OK chip fits); a row with problems is at least as high. */
const ROW_HEIGHT = 36;

/** A row as the grid holds it while a cell is corrected: the field and its new text, for processRowUpdate. */
type EditedRow = ImportRow & { edited?: { field: ImportField; text: string } };

/**
 * A field's column: its value as it will be saved, else the text of the file (a date that is not
 * one shows what the file said, never a blank). Editable: a double click corrects the row's cell.
 */
function fieldColumn(field: ImportField, show: (r: ImportRow) => string, size: Partial<GridColDef<ImportRow>>): GridColDef<ImportRow> {
  return {
    field,
    headerName: M.fields[field],
    ...size,
    editable: true,
    valueGetter: (_v, r) => show(r) || r.raw[field] || '',
    valueSetter: (value, r) => ({ ...r, edited: { field, text: String(value ?? '') } }) as EditedRow,
  };
}
const labelOf = (labels: Record<string, string>, v: string | null | undefined) => (v ? labels[v] : '');

// At least 1,250 px in all: the whole row fits a 1366 px screen (grid scrollbar included), so the problems are never cut at the edge.
const COLUMNS: GridColDef<ImportRow>[] = [
  { field: 'line', headerName: M.rowHeader, width: 60, type: 'number' },
  fieldColumn('data', (r) => fmtDate(r.values.data), { width: 100 }),
  fieldColumn('ora', (r) => r.values.ora ?? '', { width: 70 }),
  fieldColumn('oraFine', (r) => r.values.oraFine ?? '', { width: 65 }),
  fieldColumn('squadraCasa', (r) => r.values.squadraCasa ?? '', { flex: 1, minWidth: 90 }),
  fieldColumn('squadraTrasferta', (r) => r.values.squadraTrasferta ?? '', { flex: 1, minWidth: 90 }),
  fieldColumn('campo', (r) => r.values.campo ?? '', { flex: 1, minWidth: 80 }),
  fieldColumn('gruppo', (r) => r.values.gruppo ?? '', { width: 105 }),
  fieldColumn('tipoGara', (r) => labelOf(MSG.match.tipoGara, r.values.tipoGara), { width: 110 }),
  fieldColumn('terreno', (r) => labelOf(MSG.match.terrenoLabel, r.values.terreno), { width: 85 }),
  // Home or away as it will be saved (a valid row's payload: from the column, else from the club's name in the teams).
  fieldColumn('isHouseMatch', (r) => homeAway(r.payload?.isHouseMatch ?? r.values.isHouseMatch), { width: 110 }),
  { field: 'spogliatoi', headerName: M.roomsHeader, width: 95, sortable: false, valueGetter: (_v, r) => rooms(r) },
  {
    field: 'errors',
    headerName: M.problemsHeader,
    flex: 2,
    minWidth: 190,
    sortable: false,
    valueGetter: (_v, r) => r.errors.join(' · '),
    // The whole text, wrapped: the row grows to hold it (getRowHeight 'auto'), nothing is cut.
    renderCell: (params) => <ProblemsCell {...params} />,
  },
];

/** The rows that clash (by file line) and how to open the slot finder for one: the cells read it, the columns stay built once. */
const SlotRows = createContext<{ lines: ReadonlySet<number>; open: (row: ImportRow, button: HTMLElement) => void } | null>(null);

const problemsSx = { py: 0.5, minHeight: ROW_HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: 'center', whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3, color: 'error.main' } as const;

/** A row's problems; a row that clashes (docs/occupancy.md) also offers 'Trova uno slot'. */
function ProblemsCell({ row, hasFocus }: GridRenderCellParams<ImportRow>) {
  const slots = useContext(SlotRows);
  if (row.errors.length === 0) return <Chip size="small" color="success" label={M.ok} />;
  const problems = (
    <Box sx={problemsSx} data-testid="row-errors">
      {row.errors.map((e) => (
        <div key={e}>{e}</div>
      ))}
    </Box>
  );
  if (!slots?.lines.has(row.line)) return problems;
  return (
    <Box sx={{ py: 0.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {problems}
      <SlotCellButton hasFocus={hasFocus} onOpen={(el) => slots.open(row, el)} />
    </Box>
  );
}

/**
 * The button inside a grid cell (the DataGrid's pattern for focusable content): reachable when its
 * cell has the focus, its keys kept from the grid's own navigation.
 */
function SlotCellButton({ hasFocus, onOpen }: { hasFocus: boolean; onOpen: (button: HTMLElement) => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (hasFocus) ref.current?.focus();
  }, [hasFocus]);
  return (
    <Button
      ref={ref}
      size="small"
      variant="outlined"
      color="warning"
      tabIndex={hasFocus ? 0 : -1}
      aria-haspopup="dialog"
      onKeyDown={(e) => {
        if (e.key === ' ' || e.key === 'Enter') e.stopPropagation();
      }}
      onClick={(e) => onOpen(e.currentTarget)}
    >
      {SLOT_MSG.find}
    </Button>
  );
}
const rowId = (r: ImportRow) => r.line;
/** Only rows with problems grow to fit their messages; a valid row keeps the standard height (nothing to measure). */
const rowHeight = (p: GridRowHeightParams) => ((p.model as ImportRow).errors.length ? 'auto' : null);
const rowClass = (p: { row: ImportRow }) => (p.row.errors.length ? 'import-row-error' : '');
const GRID_SX = {
  '& .import-row-error': { bgcolor: 'rgba(211, 47, 47, 0.06)' },
  // A cell that is not understood keeps the file's text; long values wrap in rows that grow anyway.
  '& .import-row-error .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'break-word', lineHeight: 1.3, py: 0.5 },
};
const PAGE_SIZES = [25, 50, 100];
const GRID_STATE = { pagination: { paginationModel: { pageSize: 50 } } };
// While the look-up travels the empty grid shows a thin bar: the default skeleton draws a cell per column and row, then throws them away.
const GRID_SLOTS = { loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } } as const;

interface Props {
  rows: ImportRow[];
  loading: boolean;
  /** A cell corrected by the editor: the row's file line, the field, the new text. */
  onCorrect: (line: number, field: ImportField, text: string) => void;
  /** The file lines of the rows that clash: each offers 'Trova uno slot'. */
  slotLines?: ReadonlySet<number>;
  /** What the slot finder looks for, for a row. */
  slotQuery?: (row: ImportRow) => SlotLiberiArgs | null;
  /** A slot chosen for a row: its values replace the row's. */
  onChooseSlot?: (row: ImportRow, slot: Slot) => void;
}

const NO_LINES: ReadonlySet<number> = new Set();

/**
 * The preview's rows, a field per column and the problems last; a double click corrects a cell. A row
 * that clashes offers 'Trova uno slot' (docs/trainings.md): the slot chosen fills its date, times,
 * pitch and rooms.
 */
export function PreviewGrid({ rows, loading, onCorrect, slotLines = NO_LINES, slotQuery, onChooseSlot }: Props) {
  const apiRef = useGridApiRef();
  // The row the finder is open for (kept through the dialog's closing), and the button that opened it.
  const [finding, setFinding] = useState<{ row: ImportRow; query: SlotLiberiArgs } | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  // Back to the button, if the row still clashes; else to the row's problems cell, if the row is still shown.
  const restoreFocus = () => {
    if (opener.current?.isConnected) opener.current.focus();
    else if (finding && apiRef.current?.getRow(finding.row.line)) apiRef.current.setCellFocus(finding.row.line, 'errors');
  };
  const slots = useMemo(
    () => ({
      lines: slotLines,
      open: (row: ImportRow, button: HTMLElement) => {
        const query = slotQuery?.(row);
        if (!query) return;
        opener.current = button;
        setFinding({ row, query });
        setOpen(true);
      },
    }),
    [slotLines, slotQuery],
  );

  const correct = useCallback(
    (next: GridValidRowModel, previous: GridValidRowModel) => {
      const { edited } = next as EditedRow;
      if (!edited) return previous;
      onCorrect((previous as ImportRow).line, edited.field, edited.text);
      return next;
    },
    [onCorrect],
  );

  return (
    <Box sx={{ height: 560 }}>
      <SlotRows.Provider value={slots}>
        <ItalianDataGrid
          apiRef={apiRef}
          rows={rows}
          getRowId={rowId}
          columns={COLUMNS}
          loading={loading}
          getRowHeight={rowHeight}
          rowHeight={ROW_HEIGHT}
          disableRowSelectionOnClick
          processRowUpdate={correct}
          pageSizeOptions={PAGE_SIZES}
          initialState={GRID_STATE}
          getRowClassName={rowClass}
          sx={GRID_SX}
          slotProps={GRID_SLOTS}
        />
      </SlotRows.Provider>
      <SlotFinderDialog
        open={open}
        query={finding?.query ?? null}
        title={finding ? SLOT_MSG.forRow(finding.row.line) : undefined}
        onClose={() => setOpen(false)}
        onChoose={(slot) => {
          setOpen(false);
          if (finding) onChooseSlot?.(finding.row, slot);
        }}
        restoreFocus={restoreFocus}
      />
    </Box>
  );
}
