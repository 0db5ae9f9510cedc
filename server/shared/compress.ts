// Compressed answers (docs/performance.md, compression). Two paths, one choice of encoding:
// - the answers the server keeps in memory (the public list and /rest/v1 listings, the calendar feeds,
//   the page of /) keep a copy per encoding beside their text (EncodedCopies), made once, on the first
//   request that wants it, and sent by sendEncoded();
// - every other JSON, CSV and iCalendar answer goes through @fastify/compress (compressOptions, registered
//   by server/app.ts), which leaves alone what already carries a Content-Encoding.
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';
type Compressed = Exclude<Encoding, 'identity'>;
/** In order of preference, as @fastify/compress is configured (compressOptions). */
const ENCODINGS: Compressed[] = ['br', 'gzip'];

/** Answers smaller than this go as they are (the header and the compressor's frame would eat the gain). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli quality 5: a public list of 329 matches (123 KB of JSON) becomes about 9 KB in a few ms, against
 * @fastify/compress's per-request quality 4; gzip at zlib's default level 6.
 */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const GZIP = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

let compressions = 0;
/** How many texts this process compressed for a cached answer (the tests check that a warm cache compresses nothing). */
export const compressionCount = () => compressions;

/** The compression of one text, in Node's thread pool (the event loop serves other requests meanwhile). */
function compress(text: string, encoding: Compressed): Promise<Buffer> {
  compressions++;
  return encoding === 'br' ? brotli(text, BROTLI) : gzip(text, GZIP);
}

/**
 * The encoding of an answer for this Accept-Encoding, negotiated by @fastify/accept-negotiator as
 * @fastify/compress does (q-values honoured, q=0 refused; br before gzip at equal q): browsers send
 * 'gzip, deflate, br, zstd', Node 20's fetch 'gzip, deflate'.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  // x-gzip is gzip's old name (RFC 9110 8.4.1.3), still sent by a few clients.
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding)?.replace(/\bx-gzip\b/gi, 'gzip');
  return header ? ((negotiate(header, ENCODINGS) as Compressed | null) ?? 'identity') : 'identity';
}

/** The encoding of this answer of `bytes` bytes for this request: none under COMPRESS_THRESHOLD. */
export function encodingFor(request: FastifyRequest, bytes: number): Encoding {
  return bytes < COMPRESS_THRESHOLD ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
}

/**
 * The ETag of one encoding of an answer: each compressed copy is another representation with its own
 * strong ETag ("abc" -> "abc-br"); a weak ETag (W/"abc") names them all (equivalent content).
 */
export function encodedEtag(etag: string, encoding: Encoding): string {
  if (encoding === 'identity' || etag.startsWith('W/')) return etag;
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/**
 * The compressed copies of a text, per encoding, each made once: the first request that wants an
 * encoding starts its compression and the requests meanwhile share it. A different text (a calendar
 * feed's is stamped with the second it is sent) replaces the copies. `onSize` hears the bytes the
 * copies add or free (the listing cache counts them in its budget).
 */
export class EncodedCopies {
  private copies = new Map<Compressed, Promise<Buffer>>();
  private held = 0;
  private bytesOfText: number;

  constructor(
    private text: string,
    private readonly onSize?: (delta: number) => void,
  ) {
    this.bytesOfText = Buffer.byteLength(text);
  }

  /** The bytes of the text these copies are of. */
  bytes(text: string = this.text): number {
    if (text !== this.text) this.replace(text);
    return this.bytesOfText;
  }

  /** `text` in `encoding`: the text itself for identity, else its compressed copy, made now or before. */
  async encoded(encoding: Encoding, text: string = this.text): Promise<Buffer | string> {
    if (encoding === 'identity') return text;
    if (text !== this.text) this.replace(text);
    let copy = this.copies.get(encoding);
    if (!copy) {
      const copies = this.copies;
      copy = compress(text, encoding);
      copies.set(encoding, copy);
      copy.then(
        (buffer) => {
          // Counted only while still held (not replaced by a newer text meanwhile).
          if (this.copies !== copies || copies.get(encoding) !== copy) return;
          this.held += buffer.length;
          this.onSize?.(buffer.length);
        },
        () => {
          if (copies.get(encoding) === copy) copies.delete(encoding);
        },
      );
    }
    return copy;
  }

  private replace(text: string): void {
    this.text = text;
    this.bytesOfText = Buffer.byteLength(text);
    this.copies = new Map();
    if (this.held) this.onSize?.(-this.held);
    this.held = 0;
  }
}

/**
 * Sends `text` in `encoding` (encodingFor): its copy from `copies`, with Content-Encoding; every such
 * answer varies by Accept-Encoding. The caller's route has `compress: false`, so @fastify/compress never
 * compresses what it sends (an identity answer to a client that would take another coding included).
 */
export async function sendEncoded(reply: FastifyReply, copies: EncodedCopies, encoding: Encoding, text?: string): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(await copies.encoded(encoding, text));
}

/**
 * @fastify/compress for every other answer: JSON, CSV (the export is a stream), iCalendar (an official's
 * feed), any text over COMPRESS_THRESHOLD bytes (a stream whatever its size), in brotli or gzip (the
 * cached copies' encodings; zstd when Node has it would be a third set of copies). PDFs and images are
 * not compressible types (mime-db) and go as they are. Request bodies are not decompressed: the API
 * takes plain JSON only, as before (a compressed body is refused, never inflated).
 */
export const compressOptions: FastifyPluginOptions = {
  global: true,
  globalDecompression: false,
  threshold: COMPRESS_THRESHOLD,
  encodings: ENCODINGS,
};
