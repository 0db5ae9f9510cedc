import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PageTitle } from './PageTitle';

/**
 * The head of every signed-in screen (docs/screens.md): the title, what belongs beside it (a count), and the
 * screen's toolbar on the right, at the same place, width and size everywhere. The content below spans
 * the same width (the app's one Container).
 */
export function PageHeader({ title, beside, actions }: { title: ReactNode; beside?: ReactNode; actions?: ReactNode }) {
  return (
    <Box data-testid="page-header" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 2, minHeight: 48 }}>
      <PageTitle>{title}</PageTitle>
      {beside}
      <Box sx={{ flexGrow: 1 }} />
      {actions && <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
