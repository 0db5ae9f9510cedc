// fontkit ships no types (pdfkit's own font parser; server/shared/pdf-fonts.ts parses the sheets' faces
// with it once). Only what the project calls.
declare module 'fontkit' {
  /** A parsed font: an opaque object pdfkit lays text out with. */
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
