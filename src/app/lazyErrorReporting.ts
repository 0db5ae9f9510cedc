import type { ClientErrorReport } from '../api/errorReporter';

/**
 * The error reporter (src/api/errorReporter.ts) loaded on the first error only, so a visitor's
 * start-up download does not carry it (docs/public-page.md; the 120 KB budget of docs/testing.md). Errors and rejections raised before
 * it arrives are kept and handed to it once it is installed; the full app installs it at once.
 */
const early: Event[] = [];
let installing: Promise<typeof import('../api/errorReporter')> | null = null;

const keep = (event: Event) => {
  early.push(event);
  void installNow();
};

/** Tiny listeners until the first error or the full app. */
export function installLazyErrorReporting(target: Window = window): void {
  target.addEventListener('error', keep);
  target.addEventListener('unhandledrejection', keep);
}

/** Loads and installs the real reporter once; replays what the tiny listeners kept. */
export function installNow(target: Window = window): Promise<typeof import('../api/errorReporter')> {
  installing ??= import('../api/errorReporter').then((reporter) => {
    target.removeEventListener('error', keep);
    target.removeEventListener('unhandledrejection', keep);
    reporter.installGlobalErrorReporting(target);
    for (const event of early.splice(0)) {
      if (event instanceof ErrorEvent) {
        const { message, error, filename, lineno, colno } = event;
        target.dispatchEvent(new ErrorEvent('error', { message, error, filename, lineno, colno }));
      } else {
        const { promise, reason } = event as PromiseRejectionEvent;
        target.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise, reason }));
      }
    }
    return reporter;
  });
  return installing;
}

/** reportClientError through the lazily loaded reporter. */
export function reportLater(report: ClientErrorReport): void {
  void installNow().then((reporter) => reporter.reportClientError(report));
}
