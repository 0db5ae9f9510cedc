/** How long the object URL lives after the click: the browser has started the download by then. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Saves a Blob as a file named `fileName` through an <a download> of an object URL (the Blob never
 * enters Redux): the exports' files and the import's rows with errors.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
