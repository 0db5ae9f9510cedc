import { MSG } from '../../common/core/messages';
import { httpErrorMessage, isRetryable, retryDelayMs, shouldRetry } from './policy';
import { errorMessage, toApiError } from './api';

describe('retry policy (docs/api.md)', () => {
  it('retries 5xx, 429 and network failures only', () => {
    for (const s of [500, 502, 503, 504, 429, 'FETCH_ERROR', 'TIMEOUT_ERROR'] as const) expect(isRetryable(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 422, 'PARSING_ERROR', 'CUSTOM_ERROR'] as const) expect(isRetryable(s)).toBe(false);
  });

  it('retries at most twice, after 1 s then 2 s', () => {
    expect(shouldRetry(503, 1)).toBe(true);
    expect(shouldRetry(503, 2)).toBe(true);
    expect(shouldRetry(503, 3)).toBe(false);
    expect(shouldRetry(404, 1)).toBe(false);
    expect(shouldRetry(503, 1, 0)).toBe(false);
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(2)).toBe(2000);
  });
});

describe('error mapping (docs/api.md, errors)', () => {
  it('maps every status of the catalogue', () => {
    expect(httpErrorMessage(400)).toBe('Richiesta non valida - controlla i dati inviati');
    expect(httpErrorMessage(401)).toBe('Sessione scaduta - rieffettua il login');
    expect(httpErrorMessage(403)).toBe('Accesso negato - permessi insufficienti');
    expect(httpErrorMessage(404)).toBe('Risorsa non trovata');
    expect(httpErrorMessage(429)).toBe('Troppe richieste - riprova tra qualche istante');
    for (const s of [500, 502, 503, 504]) expect(httpErrorMessage(s)).toBe(`Errore del server (${s}) - riprova tra qualche istante`);
    expect(httpErrorMessage('FETCH_ERROR')).toBe('Problemi di connessione - controlla la tua connessione internet');
    expect(httpErrorMessage('PARSING_ERROR')).toBe('Errore parsing risposta JSON');
    expect(httpErrorMessage(418)).toBe('HTTP 418');
  });

  it("prefers the server's error field", () => {
    expect(httpErrorMessage(400, { error: 'Email e password sono richiesti' })).toBe('Email e password sono richiesti');
    expect(httpErrorMessage(409, { error: 'Un utente con questa email esiste già' })).toBe('Un utente con questa email esiste già');
    expect(httpErrorMessage(500, { error: '' })).toBe(MSG.http.server(500));
  });

  it('gives every fetchBaseQuery error the ApiError shape', () => {
    expect(toApiError({ status: 403, data: { error: 'x' } })).toEqual({ status: 403, message: 'x', data: { error: 'x' } });
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({ status: 'FETCH_ERROR', message: MSG.http.network });
    expect(toApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' })).toEqual({
      status: 'PARSING_ERROR',
      message: MSG.http.badJson,
    });
    // A proxy's HTML 502 page still counts as a 502.
    expect(toApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }).status).toBe(502);
  });

  it('gives toasts and banners the same catalogue (errorMessage)', () => {
    expect(errorMessage({ status: 409, message: 'Un utente con questa email esiste già' })).toBe('Un utente con questa email esiste già');
    expect(errorMessage({ status: 403, data: { error: 'Non hai i permessi per creare gruppi' } })).toBe('Non hai i permessi per creare gruppi');
    expect(errorMessage({ status: 404 })).toBe('Risorsa non trovata');
    expect(errorMessage({ status: 503, data: {} })).toBe(MSG.http.server(503));
    expect(errorMessage({ status: 418 })).toBe('HTTP 418');
    expect(errorMessage({ status: 'FETCH_ERROR' })).toBe(MSG.http.network);
    expect(errorMessage(new Error('Qualcosa'))).toBe('Qualcosa');
    expect(errorMessage(undefined)).toBe(MSG.http.unknown);
    expect(errorMessage('boh')).toBe('Errore sconosciuto');
  });
});
