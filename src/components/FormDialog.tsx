import { useRef, type MutableRefObject, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * The frame of a create/edit form in a dialog: full screen on a phone; closed only by Escape (a
 * click beside the form must not lose what was typed) and never while the form says it is busy
 * (saving, or asking a question of its own). `children` gets the busy flag to set.
 */
export function FormDialog({
  open,
  onClose,
  titleId,
  maxWidth,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  maxWidth: 'sm' | 'md';
  children: (busy: MutableRefObject<boolean>) => ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const busy = useRef(false);
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' && !busy.current) onClose();
      }}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      {children(busy)}
    </Dialog>
  );
}
