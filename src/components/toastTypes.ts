// The toast types on their own: Toasts.tsx lazy-loads LazySnackbarHost.tsx, which needs them back.
export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}
export type Notify = (message: string, variant: ToastVariant) => void;
