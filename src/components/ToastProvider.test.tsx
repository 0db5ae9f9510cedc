import { useEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { useSnackbar } from 'notistack';
import { PHONE_TOAST_QUERY, ToastProvider } from './LazySnackbarHost';

/** jsdom has no layout, hence no matchMedia: this one answers as a window of the given width would. */
function windowOf(width: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === PHONE_TOAST_QUERY ? width < 600 : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

function Toast() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => void enqueueSnackbar('Login effettuato!', { variant: 'success' }), [enqueueSnackbar]);
  return null;
}

/** Where the toast's container sits, as notistack's own styles place it. */
async function placement() {
  const toast = await screen.findByText('Login effettuato!');
  const container = toast.closest('.notistack-SnackbarContainer') as HTMLElement;
  const s = getComputedStyle(container);
  return { top: s.top, bottom: s.bottom, flexDirection: s.flexDirection };
}

describe('ToastProvider', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('puts toasts at the bottom on a phone, so they leave the bar and its menu free', async () => {
    windowOf(390);
    render(<ToastProvider><Toast /></ToastProvider>);
    const p = await placement();
    expect(p.flexDirection).toBe('column-reverse');
    expect(p.bottom).not.toBe('');
  });

  it('keeps them at the top right on a wider screen', async () => {
    windowOf(1440);
    render(<ToastProvider><Toast /></ToastProvider>);
    const p = await placement();
    expect(p.flexDirection).toBe('column');
    expect(p.top).not.toBe('');
  });
});
