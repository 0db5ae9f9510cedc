import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_FIELDS, type FixedValues, type ImportField, type Mapping } from '../../../common/import/constants';
import { IMPORT_MSG as M } from '../../../common/import/messages';
import type { Table } from '../../../common/import/parse';
import { FixedValuesFields } from './FixedValuesFields';
import type { Source } from './importTable';

interface Props {
  source: Source | null;
  table: Table;
  /** The file's data rows (the header left out). */
  dataRows: number;
  hasHeader: boolean;
  mapping: Mapping;
  fixed: FixedValues;
  /** The category names (from the look-up), for 'Valori per tutte le righe'. */
  categories: readonly string[];
  onHeaderChange: (hasHeader: boolean) => void;
  onMappingChange: (column: number, field: ImportField | '') => void;
  onFixedChange: (fixed: FixedValues) => void;
}

/** What was read (file, rows, separator, encoding), the header switch, each column's field, and the values for every row. */
export function MappingPanel({ source, table, dataRows, hasHeader, mapping, fixed, categories, onHeaderChange, onMappingChange, onFixedChange }: Props) {
  const headerCells = hasHeader ? table.rows[0] : [];
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {M.mappingTitle}
        </Typography>
        {source?.name && <Typography variant="body2">{M.fileLabel(source.name)}</Typography>}
        <Typography variant="body2" color="text.secondary">
          {M.readInfo(dataRows, M.separatorName[table.separator], M.encodingName[source?.encoding ?? ''] ?? source?.encoding ?? '')}
        </Typography>
        <FormControlLabel control={<Switch checked={hasHeader} onChange={(e) => onHeaderChange(e.target.checked)} />} label={M.hasHeader} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5 }}>
        {mapping.map((field, i) => {
          const label = headerCells[i] || M.column(i + 1);
          return (
            <TextField
              key={i}
              select
              size="small"
              label={label}
              value={field}
              onChange={(e) => onMappingChange(i, e.target.value as ImportField | '')}
              slotProps={{ htmlInput: { 'aria-label': label }, select: { SelectDisplayProps: { 'aria-label': label } as object } }}
            >
              <MenuItem value="">{M.ignore}</MenuItem>
              {IMPORT_FIELDS.map((f) => (
                <MenuItem key={f} value={f}>
                  {M.fields[f]}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <FixedValuesFields mapping={mapping} fixed={fixed} categories={categories} onChange={onFixedChange} />
    </Paper>
  );
}
