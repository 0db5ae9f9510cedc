/**
 * The browser's error reports to the error log (docs/logs.md): POST /api/error-logs with
 * fetch (never through RTK Query, so the Redux error middleware cannot see, and re-report, the
 * reporter's own calls). Severity by the shared rule of common/logs/rules.ts (docs/logs.md), stack cut to 20
 * lines, context with browser info, timestamp, error name, hash and the page's path.
 *
 * docs/logs.md asks for a dedupe window of 5 minutes (at most 100 entries) and a global throttle of
 * 10 s. How the two combine, precisely:
 * - Dedupe: a report whose hash (type, message, first stack frame) was accepted less than 5
 *   minutes ago is dropped. The memory keeps the 100 most recent hashes (oldest forgotten first).
 * - Throttle: at most ONE POST leaves the browser every 10 s, whatever the errors. The first
 *   report goes out at once; distinct reports that arrive within the 10 s wait in a small queue
 *   (at most QUEUE_MAX) and go out one every 10 s, so a burst of different errors is neither
 *   lost nor a flood (6 a minute at most, under the server's per-IP limit). When the queue is
 *   full the newest report is dropped and counted; the next report sent carries the count in
 *   `context.droppedReports`. A dropped
 *   error still counts as seen for the dedupe window, so a flood that keeps repeating does not
 *   refill the queue.
 * - Bundle: the rules (common/logs/rules.ts) bring zod with them, too big for the start-up bundle every
 *   visitor downloads (bench/bundle-size.mjs). They load on the first report, as a lazy chunk;
 *   reports made meanwhile wait for it in order. Should the chunk fail to load (network down, a
 *   new deployment), the report still goes out, with its stack cut by lines and no severity: the
 *   server then assigns the same rule.
 * - No loops: a failed report (network error or any HTTP error) is dropped silently; it is never
 *   reported, retried or re-queued, and reporting never throws into the screen that failed.
 */
import { ERROR_MESSAGE_MAX, type CLIENT_ERROR_TYPES, type CLIENT_SEVERITIES } from '../../common/logs/constants';

export type ReportType = (typeof CLIENT_ERROR_TYPES)[number];
export type ReportSeverity = (typeof CLIENT_SEVERITIES)[number];

export interface ClientErrorReport {
  message: string;
  type: ReportType;
  /** The severity rule of common/logs/rules.ts (docs/logs.md) when absent. */
  severity?: ReportSeverity;
  stack?: string | null;
  /** The error's name (TypeError, ApiError ...): part of the severity rule and the context. */
  name?: string;
  /** HTTP status of a failed call (0 = network failure): part of the severity rule. */
  status?: number;
  context?: Record<string, unknown>;
}

export const REPORT_URL = '/api/error-logs';
export const DEDUPE_WINDOW_MS = 5 * 60 * 1000;
export const DEDUPE_MAX = 100;
export const THROTTLE_MS = 10 * 1000;
export const QUEUE_MAX = 10;

interface Body {
  message: string;
  type: ReportType;
  severity?: ReportSeverity;
  stack?: string;
  context: Record<string, unknown>;
}

type Rules = Pick<typeof import('../../common/logs/rules'), 'severityOf' | 'trimStack' | 'firstStackFrame'>;
let rules: Rules | null = null;
let loading: Promise<Rules | null> | null = null;

/** Loads the shared rules of common/logs/rules.ts (a lazy chunk); null when the chunk cannot load (tried again next time). */
export function loadReportRules(): Promise<Rules | null> {
  loading ??= import('../../common/logs/rules').then(
    (m) => (rules = m),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

const recent = new Map<string, number>();
let queue: Body[] = [];
let lastSentAt = Number.NEGATIVE_INFINITY;
let timer: ReturnType<typeof setTimeout> | null = null;
let dropped = 0;
let currentToken: () => string | null = () => null;
// Off until the app turns it on (main.tsx, through installGlobalErrorReporting): component tests
// of other screens then never post reports to their stand-in servers.
let enabled = false;

/** Turns the reporting on or off (off: every report is ignored). */
export function setErrorReportingEnabled(on: boolean): void {
  enabled = on;
}

/** The shell tells the reporter how to read the access token, so signed-in reports carry the user. */
export function setReportToken(getter: () => string | null): void {
  currentToken = getter;
}

/** A short stable hash (FNV-1a, hex) of a report's identity; the server computes its own. */
export function reportHash(type: string, message: string, firstFrame: string): string {
  const text = `${type}|${message}|${firstFrame}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

function browserInfo(): Record<string, unknown> {
  if (typeof navigator === 'undefined') return {};
  const info: Record<string, unknown> = { userAgent: navigator.userAgent.slice(0, 300), language: navigator.language };
  if (typeof window !== 'undefined') info.viewport = `${window.innerWidth}x${window.innerHeight}`;
  return info;
}

/** True when the hash was accepted within the window; otherwise remembers it (at most DEDUPE_MAX). */
function seenRecently(hash: string, now: number): boolean {
  const last = recent.get(hash);
  if (last !== undefined && now - last < DEDUPE_WINDOW_MS) return true;
  recent.delete(hash);
  recent.set(hash, now);
  while (recent.size > DEDUPE_MAX) recent.delete(recent.keys().next().value as string);
  return false;
}

function post(body: Body): void {
  lastSentAt = Date.now();
  if (dropped > 0) {
    body.context.droppedReports = dropped;
    dropped = 0;
  }
  if (typeof fetch !== 'function') return;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  try {
    const token = currentToken();
    if (token) headers.authorization = `Bearer ${token}`;
    // Failures end here: no report of a report, no retry (no loops).
    fetch(REPORT_URL, { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    // A broken fetch or a context that cannot be serialised: drop the report.
  }
}

function schedule(): void {
  if (timer !== null || queue.length === 0) return;
  const wait = Math.max(0, lastSentAt + THROTTLE_MS - Date.now());
  timer = setTimeout(() => {
    timer = null;
    const next = queue.shift();
    if (next) post(next);
    schedule();
  }, wait);
}

/**
 * Reports an error to the error log. Once the rules are loaded the answer is synchronous: true
 * when the report was accepted (sent now or queued behind the throttle), false when the dedupe
 * window or a full queue dropped it. Before that (the first report of a page) it answers null
 * and decides when the rules arrive, in the order the reports were made.
 */
export function reportClientError(report: ClientErrorReport): boolean | null {
  if (!enabled) return false;
  const at = Date.now();
  if (rules) return accept(report, at, rules);
  void loadReportRules().then((loaded) => accept(report, at, loaded));
  return null;
}

function accept(report: ClientErrorReport, at: number, r: Rules | null): boolean {
  try {
    const max = ERROR_MESSAGE_MAX;
    const message = (report.message || report.name || 'Errore sconosciuto').slice(0, max);
    const stack = r ? r.trimStack(report.stack) : report.stack ? report.stack.split(/\r?\n/).slice(0, 20).join('\n').slice(0, 8000) : null;
    const hash = reportHash(report.type, message, r ? r.firstStackFrame(stack) : (stack ?? '').split('\n').find((l) => /^\s*at\s|@/.test(l))?.trim() ?? '');
    if (seenRecently(hash, at)) return false;
    const severity = report.severity ?? r?.severityOf({ message, name: report.name, status: report.status, type: report.type });
    const body: Body = {
      message,
      type: report.type,
      ...(severity ? { severity } : {}),
      ...(stack ? { stack } : {}),
      context: {
        ...report.context,
        ...browserInfo(),
        ...(report.name ? { errorName: report.name } : {}),
        ...(report.status !== undefined ? { status: report.status } : {}),
        // The path only: a query string or fragment may hold tokens (reset links) or emails.
        ...(typeof window !== 'undefined' ? { url: window.location.pathname } : {}),
        timestamp: new Date(at).toISOString(),
        hash,
      },
    };
    if (queue.length === 0 && timer === null && Date.now() - lastSentAt >= THROTTLE_MS) {
      post(body);
      return true;
    }
    if (queue.length >= QUEUE_MAX) {
      dropped += 1;
      return false;
    }
    queue.push(body);
    schedule();
    return true;
  } catch {
    return false;
  }
}

/** An Error-like value of a window 'error' or 'unhandledrejection' event as a report. */
function fromThrown(value: unknown, fallback: string): ClientErrorReport {
  if (value instanceof Error) return { type: 'frontend', message: value.message || value.name, name: value.name, stack: value.stack };
  if (typeof value === 'string' && value) return { type: 'frontend', message: value };
  return { type: 'frontend', message: fallback };
}

/**
 * Turns the reporting on and makes unhandled errors and rejections of the page reach the error
 * log (docs/logs.md). Returns the function that removes the listeners.
 */
export function installGlobalErrorReporting(target: Window = window): () => void {
  enabled = true;
  const onError = (event: ErrorEvent) => {
    const report = fromThrown(event.error ?? event.message, 'Errore JavaScript');
    if (!report.stack && event.filename) report.stack = `${report.name ?? 'Error'}: ${report.message}\n    at ${event.filename}:${event.lineno}:${event.colno}`;
    reportClientError(report);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportClientError(fromThrown(event.reason, 'Promise rifiutata senza motivo'));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Tests only: forgets the dedupe memory, the queue and the throttle, and turns the reporting on. */
export function resetErrorReporterForTests(): void {
  enabled = true;
  recent.clear();
  queue = [];
  dropped = 0;
  lastSentAt = Number.NEGATIVE_INFINITY;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}
