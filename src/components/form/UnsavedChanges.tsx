import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { MSG } from '../../../common/core/messages';

const U = MSG.screens.unsaved;

/**
 * The one question before typed input is discarded (docs/screens.md): 'Continua a modificare' (the
 * default, also Esc and a click beside it) keeps the form as it is; 'Esci senza salvare' leaves.
 */
export function UnsavedChangesDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  return (
    <Dialog open={open} onClose={onStay} maxWidth="xs" fullWidth aria-labelledby="unsaved-changes-title" aria-describedby="unsaved-changes-text">
      <DialogTitle id="unsaved-changes-title">{U.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-text">{U.question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onLeave}>
          {U.leave}
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {U.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whether one form holds typed input, asked at the moment of leaving. */
type DirtyCheck = () => boolean;

interface Guard {
  /** Adds a form's check; the returned function removes it. */
  add: (check: DirtyCheck) => () => void;
}

const GuardContext = createContext<Guard | null>(null);

/** Only another address (path or query) leaves the form; a change of the hash or of the history state does not. */
const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;

/**
 * The app's one navigation guard (inside the data router, src/app/AppRoutes.tsx): while any form
 * registered with useUnsavedChanges is dirty, a link, the navigation bar, a navigate() call or the
 * browser's Back ask first (react-router's useBlocker: a router takes a single blocker, hence one for
 * every form), and closing the tab or reloading gets the browser's own beforeunload question.
 * A provider inside another is a pass-through.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const parent = useContext(GuardContext);
  if (parent) return <>{children}</>;
  return <GuardRoot>{children}</GuardRoot>;
}

function GuardRoot({ children }: { children: ReactNode }) {
  const [checks] = useState(() => new Set<DirtyCheck>());
  const [guard] = useState<Guard>(() => ({
    add: (check) => {
      checks.add(check);
      return () => void checks.delete(check);
    },
  }));
  const anyDirty = useCallback(() => [...checks].some((check) => check()), [checks]);
  const shouldBlock = useCallback<BlockerFunction>((args) => leavesPage(args) && anyDirty(), [anyDirty]);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      // Both: the standard way and the one older Chromium versions still read.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  return (
    <GuardContext.Provider value={guard}>
      {children}
      <UnsavedChangesDialog open={blocker.state === 'blocked'} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
    </GuardContext.Provider>
  );
}

/**
 * Registers a page's or dialog's form with the navigation guard: while `dirty` (changed from what it
 * opened with), leaving the page asks first. `release()` lets the next navigation through without a
 * question (right after a successful save that leaves the page); a later change of `dirty` arms it again.
 */
export function useUnsavedChanges(dirty: boolean): { release: () => void } {
  const guard = useContext(GuardContext);
  if (!guard) throw new Error('useUnsavedChanges needs an UnsavedChangesProvider (src/app/AppRoutes.tsx)');
  const state = useRef({ dirty, released: false });
  useEffect(() => {
    state.current = { dirty, released: false };
  }, [dirty]);
  useEffect(() => guard.add(() => state.current.dirty && !state.current.released), [guard]);
  return useMemo(
    () => ({
      release: () => {
        state.current.released = true;
      },
    }),
    [],
  );
}

/**
 * A dialog's close (Esc, a click beside it, 'Annulla', the close button) through the question when
 * `dirty`; the dialog also guards navigation while dirty. Render `prompt` inside the dialog's component.
 */
export function useCloseGuard(dirty: boolean, onClose: () => void): { requestClose: () => void; prompt: ReactNode } {
  useUnsavedChanges(dirty);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const prompt = (
    <UnsavedChangesDialog
      open={asking}
      onStay={() => setAsking(false)}
      onLeave={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { requestClose, prompt };
}

/** Whether two forms' values are the same (plain data: strings, numbers, booleans, arrays, objects in the same key order). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
