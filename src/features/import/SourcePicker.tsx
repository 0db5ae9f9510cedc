import { memo, useEffect, useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { IMPORT_MSG as M } from '../../../common/import/messages';
import { decodeBytes } from '../../../common/import/parse';
import type { Source } from './importTable';

/**
 * The upload step: the file button and the paste area. Memoised: the area may hold 2,000 rows, and
 * MUI's multiline field measures its text again on every render; the preview's renders leave it alone.
 */
export const SourcePicker = memo(function SourcePicker({ onRead, onPastedChange }: { onRead: (s: Source) => void; onPastedChange?: (has: boolean) => void }) {
  const [pasted, setPasted] = useState('');
  // Pasted cells not yet read are typed input: the page asks before they are lost (docs/screens.md).
  const hasPasted = pasted.trim() !== '';
  useEffect(() => {
    onPastedChange?.(hasPasted);
  }, [onPastedChange, hasPasted]);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const { text, encoding } = decodeBytes(new Uint8Array(await file.arrayBuffer()));
    onRead({ text, encoding, name: file.name });
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{M.intro}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {M.chooseFile}
          <input hidden type="file" accept=".csv,text/csv" data-testid="import-file" onChange={(e) => void onFile(e)} />
        </Button>
        {/* A plain textarea of fixed height: MUI's self-sizing one copies its whole text into a hidden
            twin and measures it at every render: hundreds of ms with 2,000 pasted rows. */}
        <TextField
          label={M.pasteLabel}
          multiline
          fullWidth
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          slotProps={{
            input: { inputComponent: 'textarea' },
            htmlInput: { rows: 6, spellCheck: false, style: { fontFamily: 'monospace', whiteSpace: 'pre' } },
          }}
        />
        <Button
          variant="contained"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={pasted.trim() === ''}
          onClick={() => {
            onRead({ text: pasted, encoding: 'utf-8', name: null });
            // The rows are now in the preview; 2,000 lines left in the area would be laid out again at every change of the page.
            setPasted('');
          }}
        >
          {M.read}
        </Button>
      </Stack>
    </Paper>
  );
});
