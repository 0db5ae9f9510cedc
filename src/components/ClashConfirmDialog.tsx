import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface Props {
  open: boolean;
  /** The title's id (the dialog is named by its title). */
  titleId: string;
  title: string;
  /** The sentence before the list of clashes. */
  intro: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The clashes: a list, under the intro. */
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A save (or import) that clashes (docs/occupancy.md): the screen's title, intro and list of clashes,
 * then its cancel and its 'comunque' button, which confirms. Each screen brings its texts from common/.
 */
export function ClashConfirmDialog({ open, titleId, title, intro, cancelLabel, confirmLabel, children, maxWidth, onConfirm, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          {intro}
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        {/* Dark text: white on MUI's orange is 3.1:1, under WCAG AA. */}
        <Button variant="contained" color="warning" onClick={onConfirm} sx={{ color: 'rgba(0, 0, 0, 0.87)' }}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
