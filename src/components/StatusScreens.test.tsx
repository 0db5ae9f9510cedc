import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ErrorRetryScreen } from './StatusScreens';
import { useDebounced } from './useDebounced';

describe('ErrorRetryScreen', () => {
  it("shows 'Errore', the message and a 'Riprova' that asks again, disabled while a retry runs", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const { rerender } = renderWithProviders(<ErrorRetryScreen message="Errore nel caricamento dei gruppi" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Errore' })).toBeInTheDocument();
    expect(screen.getByText('Errore nel caricamento dei gruppi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<ErrorRetryScreen message="Errore nel caricamento dei gruppi" onRetry={onRetry} retrying />);
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeDisabled();
  });
});

describe('useDebounced', () => {
  afterEach(() => jest.useRealTimers());
  it('gives the new value only once it stayed unchanged for the delay', () => {
    jest.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, 300), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ v: 'abc' });
    act(() => jest.advanceTimersByTime(200));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe('abc');
  });
});
