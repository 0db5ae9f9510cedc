/**
 * Client error reports to the error log (spec 3 and 9): POST /api/error-logs, deduplicated
 * within 5 minutes (at most 100 remembered reports), stack cut to 20 lines. A failed report is
 * dropped silently: reporting must never break the screen that failed.
 */
export type ReportType = 'frontend' | 'api' | 'performance';
export type ReportSeverity = 'low' | 'medium' | 'high';

export interface ClientErrorReport {
  message: string;
  type: ReportType;
  severity?: ReportSeverity;
  stack?: string;
  context?: Record<string, unknown>;
}

const DEDUPE_WINDOW_MS = 5 * 60 * 1000;
const DEDUPE_MAX = 100;
const STACK_LINES = 20;
const recent = new Map<string, number>();
let currentToken: () => string | null = () => null;

/** The shell tells the reporter how to read the access token, so signed-in reports carry the user. */
export function setReportToken(getter: () => string | null): void {
  currentToken = getter;
}

/** Spec 8: network, auth and CORS errors high; validation, bad request and not found medium; else low. */
export function severityOf(message: string): ReportSeverity {
  const m = message.toLowerCase();
  if (/network|connessione|fetch|auth|sessione|cors|401|403/.test(m)) return 'high';
  if (/valid|richiesta non valida|400|404|non trovat|not found/.test(m)) return 'medium';
  return 'low';
}

function hashOf(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}

export function reportClientError(report: ClientErrorReport, now = Date.now()): boolean {
  const hash = hashOf(`${report.type}|${report.message}|${(report.stack ?? '').split('\n')[0]}`);
  const last = recent.get(hash);
  if (last !== undefined && now - last < DEDUPE_WINDOW_MS) return false;
  recent.set(hash, now);
  if (recent.size > DEDUPE_MAX) recent.delete(recent.keys().next().value as string);
  if (typeof fetch !== 'function' || typeof window === 'undefined') return true;
  const body = {
    message: report.message.slice(0, 1000),
    type: report.type,
    severity: report.severity ?? severityOf(report.message),
    stack: report.stack?.split('\n').slice(0, STACK_LINES).join('\n'),
    context: {
      ...report.context,
      url: window.location.pathname,
      userAgent: navigator.userAgent,
      timestamp: new Date(now).toISOString(),
      hash,
    },
  };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = currentToken();
  if (token) headers.authorization = `Bearer ${token}`;
  fetch('/api/error-logs', { method: 'POST', headers, body: JSON.stringify(body) }).catch(() => {});
  return true;
}
