import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import { STATIC_PAGE_HEADER } from "~/lib/static-page";

/*
 * Static pages (route handle `static: true`: the same for every visitor) are rendered once per
 * process and then served from memory. The CSP nonce is the only part that changes per answer, so
 * the copy is kept split at the nonce and compressed once, in pieces: gzip is a series of DEFLATE
 * blocks, and each fixed piece is compressed on its own, ending on a byte boundary (sync flush),
 * with the 32 KB before it as its dictionary, the nonce's bytes blanked to NUL (HTML has none, so
 * no back-reference can point into them). Per answer the nonce goes in as a stored block between
 * the pieces and the CRC-32 is computed: microseconds, where a render and a compression take
 * milliseconds. A page without a nonce is also kept as brotli.
 */

type CachedPage = {
  headers: [string, string][];
  /** The page split at its nonce (UTF-8). */
  pieces: Buffer[];
  /** Each piece as raw DEFLATE (the last one final). */
  deflated: Buffer[];
  nonceLength: number;
  brotli: Buffer | null;
};

/** Keeps at most this many pages (a page per path; /hub/:id has a page per hub). */
const MAX_PAGES = 200;
const WINDOW = 32 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** A non-final stored DEFLATE block holding `bytes` (RFC 1951 section 3.2.4), after a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.from([
    0,
    bytes.length & 0xff,
    bytes.length >> 8,
    ~bytes.length & 0xff,
    (~bytes.length >> 8) & 0xff,
  ]);
  return Buffer.concat([head, bytes]);
}

/** Whether the Accept-Encoding header accepts `encoding` (with a quality above 0). */
function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return name.trim() === encoding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function compressPage(html: string, nonce: string): CachedPage {
  const pieces = html.split(nonce).map((piece) => Buffer.from(piece));
  const blank = Buffer.alloc(Buffer.byteLength(nonce));
  let before = Buffer.alloc(0);
  const deflated = pieces.map((piece, i) => {
    const last = i === pieces.length - 1;
    const out = deflateRawSync(piece, {
      level: 9,
      ...(before.length ? { dictionary: before } : {}),
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
    before = Buffer.concat([before, piece, blank]).subarray(-WINDOW);
    return out;
  });
  return {
    headers: [],
    pieces,
    deflated,
    nonceLength: blank.length,
    brotli: pieces.length === 1 ? brotliCompressSync(pieces[0]) : null,
  };
}

/** The page as gzip with `nonce` in each of its places. */
export function gzipPage(page: CachedPage, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(storedBlock(nonceBytes));
      crc = crc32(nonceBytes, crc);
      length += nonceBytes.length;
    }
    parts.push(page.deflated[i]);
    crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

export function createPageCache() {
  const pages = new Map<string, CachedPage>();

  function answer(page: CachedPage, nonce: string, acceptEncoding: string | undefined): Response {
    const headers = new Headers(page.headers);
    headers.set("Vary", "Accept-Encoding");
    if (page.brotli && accepts(acceptEncoding, "br")) {
      headers.set("Content-Encoding", "br");
      return new Response(new Uint8Array(page.brotli), { status: 200, headers });
    }
    if (accepts(acceptEncoding, "gzip")) {
      headers.set("Content-Encoding", "gzip");
      return new Response(new Uint8Array(gzipPage(page, nonce)), { status: 200, headers });
    }
    return new Response(page.pieces.map((p) => p.toString()).join(nonce), { status: 200, headers });
  }

  return {
    /** The kept copy of the page at `path` (a GET without a query string), with this answer's nonce. */
    serve(path: string, nonce: string, acceptEncoding: string | undefined): Response | null {
      const page = pages.get(path);
      // Pieces were compressed around a nonce of one length: another length would shift them.
      if (!page || page.nonceLength !== Buffer.byteLength(nonce)) return null;
      return answer(page, nonce, acceptEncoding);
    },

    /** Keeps `response` when it is a static page (rendered with `nonce`); answers the same page. */
    async keep(path: string, response: Response, nonce: string, acceptEncoding: string | undefined) {
      if (!response.headers.has(STATIC_PAGE_HEADER)) return response;
      response.headers.delete(STATIC_PAGE_HEADER);
      if (!nonce || response.headers.has("Set-Cookie")) return response;
      const html = await response.text();
      // A NUL in the page could match the blanked nonce (no page has one; the check keeps it so).
      if (html.includes("\0")) return new Response(html, response);
      const page = compressPage(html, nonce);
      page.headers = [...response.headers].filter(([name]) => name !== "content-length");
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
      pages.set(path, page);
      return answer(page, nonce, acceptEncoding);
    },
  };
}

/**
 * Any other page, gzipped whole: pages are rendered whole (loaders finish before the render; no
 * page streams), and one gzip call costs less than a compression stream fed React's many small
 * chunks, followed by a streamed answer. Level 1, as for any answer compressed per request: a
 * dashboard takes 0.16 ms instead of 0.45 ms (level 6) for about 15% more bytes.
 */
export async function gzipWhole(response: Response, acceptEncoding: string | undefined): Promise<Response> {
  if (!response.body || response.headers.has("Content-Encoding") || !accepts(acceptEncoding, "gzip")) return response;
  const body = gzipSync(new Uint8Array(await response.arrayBuffer()), { level: 1 });
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.set("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Response(new Uint8Array(body), { status: response.status, headers });
}
