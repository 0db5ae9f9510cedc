import { useCallback, useEffect, useState, type BaseSyntheticEvent, type FormEvent, type ReactNode } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useFormDialogState, type FormDialogControls } from './FormDialog';
import { SERVER_ERROR, useClearServerErrorOnChange } from './validation';

export interface FormSubmitOptions<Out, Kind extends string, Answer> {
  /** Sends the valid body (the mutation); a rejection is the refusal. */
  send: (body: Out, kind: Kind) => Promise<Answer>;
  /** The save went through: say so, then close the dialog or start the next form. */
  onSaved?: (answer: Answer, body: Out, kind: Kind) => void;
  /** The refusal in words, shown over the fields until the next save (or change). */
  refusal: (err: unknown) => string;
  /** A refusal the form answers with a question of its own (409 with clashes): true when it took it. */
  onRefused?: (err: unknown, body: Out, kind: Kind) => boolean;
  /** Busy with something else (deleting, asking): the dialog stays open meanwhile. */
  busy?: boolean;
  /** Typed input kept outside the form's values (a draft): closing asks first. */
  dirty?: boolean;
  /** The refusal goes away at the next change (else at the next save). Default true. */
  clearOnChange?: boolean;
}

export interface FormSubmit<Out, Kind extends string> {
  /** The submit handler of a save button or of the form (`kind` as 'save' or 'another'); nothing while saving. */
  submit: (kind: Kind) => (e?: BaseSyntheticEvent) => Promise<void>;
  /** Sends a body again outside the form's submit (after the form's own question, e.g. 'Salva comunque'). */
  resend: (body: Out, kind: Kind) => Promise<void>;
  /** Sending, or saved and on the way out: the form stays disabled. */
  saving: boolean;
  /** The body is on its way (or being checked before it goes). */
  sending: boolean;
  /** The server's refusal in words (the form's root error). */
  serverError: string | undefined;
}

/**
 * The submit shell of a react-hook-form form in a FormDialog (docs/screens.md): its dirtiness and busy
 * state go to the dialog; a valid submit is sent; a refusal becomes the form's root error
 * (SERVER_ERROR, shown by ServerErrorAlert); success hands the answer on and keeps the form disabled
 * while the dialog fades out or the next form starts.
 */
export function useFormSubmit<T extends FieldValues, Out, Kind extends string = 'save', Answer = unknown>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's input type is its own business
  form: UseFormReturn<T, any, Out>,
  controls: FormDialogControls,
  { send, onSaved, refusal, onRefused, busy = false, dirty = false, clearOnChange = true }: FormSubmitOptions<Out, Kind, Answer>,
): FormSubmit<Out, Kind> {
  const { control, handleSubmit, setError, clearErrors } = form;
  const { isSubmitting, errors } = useFormState({ control });
  const [resending, setResending] = useState(false);
  const [saved, setSaved] = useState(false);
  const saving = isSubmitting || resending || saved;
  useFormDialogState(controls, control, { dirty, busy: saving || busy });
  useClearServerErrorOnChange(form, clearOnChange);

  const attempt = async (body: Out, kind: Kind) => {
    try {
      const answer = await send(body, kind);
      setSaved(true);
      onSaved?.(answer, body, kind);
    } catch (err) {
      if (onRefused?.(err, body, kind)) return;
      setError(SERVER_ERROR, { message: refusal(err) });
    }
  };
  const submit = (kind: Kind) => handleSubmit((body) => (saving ? undefined : attempt(body, kind)));
  const resend = async (body: Out, kind: Kind) => {
    clearErrors(SERVER_ERROR);
    setResending(true);
    try {
      await attempt(body, kind);
    } finally {
      setResending(false);
    }
  };
  return { submit, resend, saving, sending: isSubmitting || resending, serverError: errors.root?.server?.message };
}

/** One opening of a form with 'Salva e aggiungi un altro': each save of that kind starts the form again (a new key) with what it keeps and the message of what was saved. */
export interface SaveAnotherRound<V> {
  key: number;
  start: V;
  savedAnother: string | null;
}

/** A round and how to start the next one: `next` starts the form again, clean, from `start`. */
export type SaveAnotherRounds<V> = SaveAnotherRound<V> & { next: (start: V, savedAnother: string) => void };

/** The rounds of a form dialog with 'Salva e aggiungi un altro' (docs/screens.md); the form takes `key` from it. */
export function useSaveAnotherRounds<V>(first: () => V): SaveAnotherRounds<V> {
  const [round, setRound] = useState<SaveAnotherRound<V>>(() => ({ key: 0, start: first(), savedAnother: null }));
  const next = useCallback((start: V, savedAnother: string) => setRound((r) => ({ key: r.key + 1, start, savedAnother })), []);
  return { ...round, next };
}

/** What the last 'Salva e aggiungi un altro' saved, said over the fields until the next change. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form
export function useSavedAnotherNote<T extends FieldValues>(form: UseFormReturn<T, any, any>, message: string | null): string | null {
  const { subscribe } = form;
  const [note, setNote] = useState(message);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) setNote(null);
        },
      }),
    [subscribe],
  );
  return note;
}

/** The server's refusal of a save over the form's fields. */
export function ServerErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}

/** The form's first problem in words, over the actions while 'Salva' waits (nothing when none). */
export function ProblemAlert({ problem, testId }: { problem: string | null; testId: string }) {
  if (!problem) return null;
  return (
    <Alert severity="warning" role="status" data-testid={testId}>
      {problem}
    </Alert>
  );
}

/** The form's submit button: a spinner and the saving label while it saves. */
export function SaveButton({ saving, spinning = saving, disabled, label, savingLabel }: { saving: boolean; spinning?: boolean; disabled: boolean; label: string; savingLabel: string }) {
  return (
    <Button type="submit" variant="contained" disabled={disabled} startIcon={spinning ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
      {spinning ? savingLabel : label}
    </Button>
  );
}

/** 'Salva e aggiungi un altro': saves, then the form starts again for the next one. */
export function SaveAnotherButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: (e: BaseSyntheticEvent) => unknown }) {
  return (
    <Button variant="outlined" disabled={disabled} onClick={(e) => void onClick(e)}>
      {label}
    </Button>
  );
}

/**
 * The form inside a FormDialog whose actions wrap on a phone (officials, players, trainings): the
 * title, the content that scrolls between dividers (`before` it the notes over the refusal, then the
 * refusal, then the fields), the actions, and the form's own questions after them (`dialogs`).
 */
export function FormDialogForm({
  titleId,
  title,
  onSubmit,
  serverError,
  before,
  actions,
  dialogs,
  children,
}: {
  titleId: string;
  title: string;
  onSubmit: (e: FormEvent) => unknown;
  serverError: string | undefined;
  before?: ReactNode;
  actions: ReactNode;
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {before}
          <ServerErrorAlert message={serverError} />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      {dialogs}
    </Box>
  );
}
