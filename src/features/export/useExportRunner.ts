import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { EXPORT_MSG } from '../../../common/export/rules';
import { errorMessage } from '../../api/api';
import { useExportFileMutation, type ExportRequest } from './exportApi';

type Kind = ExportRequest['kind'];

/**
 * Runs one export with its toasts (success, 'Errore nell'export CSV/PDF: ...') and says which is running.
 * `check` runs first (the empty-period test); it returns false to stop without a file.
 */
export function useExportRunner() {
  const [exportFile] = useExportFileMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [running, setRunning] = useState<Kind | null>(null);

  async function run(req: ExportRequest, check: () => Promise<boolean>): Promise<void> {
    setRunning(req.kind);
    const failed = (e: unknown) =>
      enqueueSnackbar((req.kind === 'tableCsv' ? EXPORT_MSG.csvError : EXPORT_MSG.pdfError)(errorMessage(e)), { variant: 'error' });
    try {
      if (!(await check())) {
        enqueueSnackbar(EXPORT_MSG.emptyPeriod, { variant: 'warning' });
        return;
      }
      const file = await exportFile(req).unwrap();
      enqueueSnackbar(EXPORT_MSG.screen.downloaded(file.fileName), { variant: 'success' });
    } catch (e) {
      failed(e);
    } finally {
      setRunning(null);
    }
  }

  const progressLabel = running === null ? null : running === 'tableCsv' ? EXPORT_MSG.screen.producingCsv : EXPORT_MSG.screen.producingPdf;
  return { run, running, progressLabel };
}
