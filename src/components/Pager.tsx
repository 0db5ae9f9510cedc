import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { LOGS_MSG } from '../../common/logs/messages';

const S = LOGS_MSG.screen;

/**
 * The one pager of the app's tables ('Precedente', 'Pagina X di Y', 'Successiva'; one frame, docs/screens.md):
 * the error and activity logs, the export preview and the user audit. `summary` (the rows shown, a
 * page size) sits on its left; the buttons only when there is more than one page, or `always` (the
 * export preview's page control, docs/export.md, shows 'Pagina 1 di 1' too).
 */
export function Pager({
  page,
  totalPages,
  onPage,
  disabled,
  summary,
  always = false,
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  disabled?: boolean;
  summary?: ReactNode;
  always?: boolean;
}) {
  const buttons = always || totalPages > 1;
  if (!buttons && !summary) return null;
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', py: 1.5, px: 1 }}
      component="nav"
      aria-label={S.pageOf(page, Math.max(1, totalPages))}
      data-testid="pager"
    >
      {summary}
      {buttons && (
        <>
          <Button startIcon={<ChevronLeftIcon />} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
            {S.previous}
          </Button>
          <Typography variant="body2">{S.pageOf(page, Math.max(1, totalPages))}</Typography>
          <Button endIcon={<ChevronRightIcon />} disabled={disabled || page >= totalPages} onClick={() => onPage(page + 1)}>
            {S.next}
          </Button>
        </>
      )}
    </Stack>
  );
}
