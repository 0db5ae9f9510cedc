import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCloseGuard } from './UnsavedChanges';

/** What the form inside a FormDialog gets besides the busy flag. */
export interface FormDialogControls {
  /** The form's dirtiness (changed from what it opened with): report it with useReportDirty. */
  setDirty: (dirty: boolean) => void;
  /** 'Annulla' and the close button: closes, asking first when the form is dirty (never while busy). */
  requestClose: () => void;
  /** The form's busy state (saving, asking a question of its own), as the `busy` ref: useFormDialogState reports it. */
  setBusy: (busy: boolean) => void;
}

/**
 * The frame of a form in a dialog (docs/screens.md): full screen on a phone; never closed while the
 * form says it is busy (saving, or asking a question of its own); Esc, a click beside it and the
 * form's 'Annulla' (requestClose) close it at once when nothing was changed, else after 'Ci sono
 * modifiche non salvate. Uscire senza salvare?'. A successful save closes it with `onClose` directly.
 * The form inside reports its dirtiness (useReportDirty; a react-hook-form form: useFormDialogState,
 * its isDirty and isSubmitting); a form whose state lives in the dialog's owner passes `dirty` (and
 * `busy`) instead.
 */
export function FormDialog({
  open,
  onClose,
  titleId,
  maxWidth,
  dirty: dirtyProp,
  busy: busyProp = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  maxWidth: 'xs' | 'sm' | 'md';
  dirty?: boolean;
  busy?: boolean;
  children: (busy: MutableRefObject<boolean>, controls: FormDialogControls) => ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const busy = useRef(false);
  const [reported, setReported] = useState(false);
  const [reportedBusy, setReportedBusy] = useState(false);
  const dirty = open && (dirtyProp ?? reported);
  const guard = useCloseGuard(dirty, onClose);
  const requestClose = () => {
    if (!busy.current && !busyProp && !reportedBusy) guard.requestClose();
  };
  const requestCloseRef = useRef(requestClose);
  useEffect(() => {
    requestCloseRef.current = requestClose;
  });
  const stableRequestClose = useCallback(() => requestCloseRef.current(), []);
  const controls = useMemo<FormDialogControls>(() => ({ setDirty: setReported, requestClose: stableRequestClose, setBusy: setReportedBusy }), [stableRequestClose]);
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' || reason === 'backdropClick') requestClose();
      }}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      {children(busy, controls)}
      {guard.prompt}
    </Dialog>
  );
}

/** A FormDialog form's report of its dirtiness; a form that goes away (the dialog closed) is clean. */
export function useReportDirty(controls: FormDialogControls, dirty: boolean): void {
  const { setDirty } = controls;
  useEffect(() => {
    setDirty(dirty);
  }, [setDirty, dirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
}

/**
 * A react-hook-form form in a FormDialog: its isDirty (or `dirty`, typed input outside its values
 * such as a draft) guards the close, and while it submits (or is `busy` otherwise: deleting, asking)
 * the dialog stays open. A form that goes away (the dialog closed) is clean and idle.
 */
export function useFormDialogState<T extends FieldValues>(
  controls: FormDialogControls,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output
  control: Control<T, any, any>,
  { dirty = false, busy = false }: { dirty?: boolean; busy?: boolean } = {},
): void {
  const { isDirty, isSubmitting } = useFormState({ control });
  useReportDirty(controls, isDirty || dirty);
  const { setBusy } = controls;
  const working = isSubmitting || busy;
  useEffect(() => {
    setBusy(working);
  }, [setBusy, working]);
  useEffect(() => () => setBusy(false), [setBusy]);
}
