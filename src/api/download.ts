import { ACCEPTED_FILE_TYPES, EXPORT_MSG } from '../../common/export/rules';

/** Response handler of the file calls: the body as a Blob when the call succeeded, the JSON (or text) error body otherwise. */
export async function fileResponse(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const PDF_MAGIC = '%PDF';

/**
 * A downloaded file must be PDF, CSV or octet-stream and non-empty (docs/export.md).
 * Returns the Italian message of the first problem, or null when the file can be saved.
 */
export async function checkDownloadedFile(contentType: string | null | undefined, file: Blob, expect: 'csv' | 'pdf'): Promise<string | null> {
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!(ACCEPTED_FILE_TYPES as readonly string[]).includes(mediaType)) return EXPORT_MSG.badContentType;
  if (file.size === 0) return EXPORT_MSG.emptyFile;
  // A PDF that does not start like one would not open: better said now than by the PDF viewer.
  if (expect === 'pdf' && mediaType !== 'text/csv' && (await file.slice(0, PDF_MAGIC.length).text()) !== PDF_MAGIC) return EXPORT_MSG.emptyFile;
  return null;
}

