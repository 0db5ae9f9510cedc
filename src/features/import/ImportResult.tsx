import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { IMPORT_MSG as M } from '../../../common/import/messages';
import { paths } from '../../config/paths';
import type { CreatedMatch } from './useImport';

interface Props {
  created: CreatedMatch[];
  /** The rows still in the preview (with problems): the editor may correct and import them. */
  remaining: number;
  onAgain: () => void;
}

/** The result of the imports of this file: the matches created (every import of it), links to their edit screens. */
export function ImportResult({ created, remaining, onAgain }: Props) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {M.resultTitle}
      </Typography>
      <Alert severity={remaining > 0 ? 'warning' : 'success'} sx={{ mb: 2 }} data-testid="import-result">
        {remaining > 0 ? M.doneWithRemaining(created.length, remaining) : M.done(created.length)}
        {remaining > 0 && <Box sx={{ mt: 0.5 }}>{M.remainingHint}</Box>}
      </Alert>
      <Box component="ol" aria-label={M.resultTitle} sx={{ columns: { md: 3 }, m: 0 }}>
        {created.map((c) => (
          <li key={c.id}>
            <Link component={RouterLink} to={paths.editMatch.getHref(String(c.id))}>
              {c.label}
            </Link>
          </li>
        ))}
      </Box>
      {remaining === 0 && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onAgain}>
          {M.again}
        </Button>
      )}
    </Paper>
  );
}
