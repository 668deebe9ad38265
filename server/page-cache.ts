import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import { contentsOfTag, STATIC_PAGE_HEADER, type VersionedContent } from "~/lib/static-page";

/*
 * Static pages (route handle `static: true`: the same for every visitor) are rendered once per
 * process and then served from memory. The CSP nonce is the only part that changes per answer, so
 * the copy is kept split at the nonce and compressed once, in pieces: gzip is a series of DEFLATE
 * blocks, and each fixed piece is compressed on its own, ending on a byte boundary (sync flush),
 * with the 32 KB before it as its dictionary, the nonce's bytes blanked to NUL (HTML has none, so
 * no back-reference can point into them). Per answer the nonce goes in as a stored block between
 * the pieces and the CRC-32 is computed: microseconds, where a render and a compression take
 * milliseconds. A page without a nonce is also kept as brotli.
 *
 * Pages built from versioned content (route handle `versionedBy`: the facilities directory and
 * profiles, the hub pages, the home page built from both) are kept the same way, per path and query
 * string, with the contents' version read before the render (several contents: the sum of their
 * versions, which only grow, so it moves when any of them does); each later request reads the
 * version (one indexed row per content) and is served the copy while it holds. A write to the content raises the version in its own transaction (a trigger), so
 * every server sees it on its next request. The server learns which paths are versioned from the
 * first answer, and keeps from the second.
 */

type CachedPage = {
  headers: [string, string][];
  /** The page split at its per-answer tokens (UTF-8). */
  pieces: Buffer[];
  /** Each piece as raw DEFLATE (the last one final). */
  deflated: Buffer[];
  /** Which token goes in each gap between two pieces (an index into the tokens). */
  gaps: number[];
  /** The byte length of each token the page was rendered with. */
  tokenLengths: number[];
  brotli: Buffer | null;
};

/**
 * What changes per answer: the CSP nonce and, where a page has a form, its form key (the
 * idempotency key, lib/idempotency.ts), each a random string of a fixed length that occurs nowhere
 * else in the page. A single string is the nonce alone.
 */
export type AnswerTokens = string | readonly string[];
const tokenList = (tokens: AnswerTokens): string[] =>
  (typeof tokens === "string" ? [tokens] : [...tokens]).filter(Boolean);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Keeps at most this many static pages (a page per path; /hub/:id has a page per hub). */
const MAX_PAGES = 200;
/** And this many versioned pages (a page per path and query string), the least recently served going first. */
const MAX_VERSIONED_PAGES = 200;
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

export function compressPage(html: string, rendered: AnswerTokens): CachedPage {
  const tokens = tokenList(rendered);
  const texts: string[] = [];
  const gaps: number[] = [];
  if (tokens.length === 0) texts.push(html);
  else {
    // The split keeps each token found (odd places), so each gap knows which token was there.
    const parts = html.split(new RegExp(`(${tokens.map(escapeRegExp).join("|")})`));
    for (const [i, part] of parts.entries()) {
      if (i % 2 === 0) texts.push(part);
      else gaps.push(tokens.indexOf(part));
    }
  }
  const pieces = texts.map((piece) => Buffer.from(piece));
  const tokenLengths = tokens.map((token) => Buffer.byteLength(token));
  let before = Buffer.alloc(0);
  const deflated = pieces.map((piece, i) => {
    const last = i === pieces.length - 1;
    const out = deflateRawSync(piece, {
      level: 9,
      ...(before.length ? { dictionary: before } : {}),
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
    const blank = last ? Buffer.alloc(0) : Buffer.alloc(tokenLengths[gaps[i]]);
    before = Buffer.concat([before, piece, blank]).subarray(-WINDOW);
    return out;
  });
  return {
    headers: [],
    pieces,
    deflated,
    gaps,
    tokenLengths,
    brotli: pieces.length === 1 ? brotliCompressSync(pieces[0]) : null,
  };
}

/** The page as plain text with this answer's tokens in their places. */
function pageText(page: CachedPage, answerTokens: AnswerTokens): string {
  const tokens = tokenList(answerTokens);
  return page.pieces.map((piece, i) => (i > 0 ? tokens[page.gaps[i - 1]] : "") + piece.toString()).join("");
}

/** The page as gzip with this answer's tokens (the nonce; the form key) in each of their places. */
export function gzipPage(page: CachedPage, answerTokens: AnswerTokens): Buffer {
  const tokenBytes = tokenList(answerTokens).map((token) => Buffer.from(token));
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.pieces.forEach((piece, i) => {
    if (i > 0) {
      const bytes = tokenBytes[page.gaps[i - 1]];
      parts.push(storedBlock(bytes));
      crc = crc32(bytes, crc);
      length += bytes.length;
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

/** What a request for a cacheable page carries from the lookup to keeping its rendering. */
export type PageTicket = {
  path: string;
  search: string;
  /** The contents the path is known to be built from, and their version read before the render. */
  content: readonly VersionedContent[] | null;
  version: number | null;
};

export type PageCacheOptions = {
  /** The current version of a content (null: unknown, keep nothing built from it). */
  version(content: VersionedContent): Promise<number | null>;
};

export function createPageCache(options: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  const versioned = new Map<string, CachedPage & { version: number }>();
  /** Paths whose answer said they are built from versioned contents. */
  const learned = new Map<string, readonly VersionedContent[]>();

  function answer(page: CachedPage, nonce: AnswerTokens, acceptEncoding: string | undefined): Response {
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
    return new Response(pageText(page, nonce), { status: 200, headers });
  }

  /** The contents' version: one content's, or the sum of several (each only grows); null if any is unknown. */
  async function currentVersion(contents: readonly VersionedContent[]): Promise<number | null> {
    try {
      const versions = await Promise.all(contents.map((content) => options.version(content)));
      return versions.some((v) => v === null) ? null : (versions as number[]).reduce((a, b) => a + b, 0);
    } catch {
      return null; // The render that follows meets the database's trouble and answers for it.
    }
  }
  const sameContents = (a: readonly VersionedContent[] | null, b: readonly VersionedContent[]) =>
    a !== null && a.join(",") === b.join(",");

  return {
    /**
     * For a GET of `path` with `search` ("" or "?..."): the kept copy with this answer's nonce, or
     * the ticket to hand to `keep` with the rendered answer.
     */
    async lookup(
      path: string,
      search: string,
      nonce: AnswerTokens,
      acceptEncoding: string | undefined,
    ): Promise<{ hit: Response } | { miss: PageTicket }> {
      // Pieces were compressed around tokens of given lengths: other lengths would shift them.
      const lengths = tokenList(nonce).map((token) => Buffer.byteLength(token));
      const fits = (page: CachedPage | undefined) =>
        page && page.tokenLengths.length <= lengths.length && page.tokenLengths.every((n, i) => n === lengths[i]);
      const page = search === "" ? pages.get(path) : undefined;
      if (page && fits(page)) return { hit: answer(page, nonce, acceptEncoding) };
      const content = learned.get(path) ?? null;
      if (!content) return { miss: { path, search, content: null, version: null } };
      const version = await currentVersion(content);
      const key = path + search;
      const kept = versioned.get(key);
      if (kept && kept.version === version && fits(kept)) {
        versioned.delete(key);
        versioned.set(key, kept);
        return { hit: answer(kept, nonce, acceptEncoding) };
      }
      if (kept) versioned.delete(key);
      return { miss: { path, search, content, version } };
    },

    /** Keeps `response` when it is a cacheable page (rendered with `nonce`); answers the same page. */
    async keep(ticket: PageTicket, response: Response, nonce: AnswerTokens, acceptEncoding: string | undefined) {
      const tag = response.headers.get(STATIC_PAGE_HEADER);
      if (!tag) return response;
      response.headers.delete(STATIC_PAGE_HEADER);
      if (tokenList(nonce).length === 0 || response.headers.has("Set-Cookie")) return response;
      let store: (page: CachedPage) => void;
      if (tag === "static" && ticket.search === "") {
        store = (page) => {
          if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
          pages.set(ticket.path, page);
        };
      } else if (contentsOfTag(tag)) {
        const content = contentsOfTag(tag) as VersionedContent[];
        if (!learned.has(ticket.path) && learned.size >= MAX_VERSIONED_PAGES) {
          learned.delete(learned.keys().next().value as string);
        }
        learned.set(ticket.path, content);
        // Kept only when the version was read before the data: the copy is then never older than its version.
        const { version } = ticket;
        if (!sameContents(ticket.content, content) || version === null) return response;
        store = (page) => {
          if (versioned.size >= MAX_VERSIONED_PAGES) versioned.delete(versioned.keys().next().value as string);
          versioned.set(ticket.path + ticket.search, { ...page, version });
        };
      } else {
        return response;
      }
      const html = await response.text();
      // A NUL in the page could match the blanked nonce (no page has one; the check keeps it so).
      if (html.includes("\0")) return new Response(html, response);
      const page = compressPage(html, nonce);
      page.headers = [...response.headers].filter(([name]) => name !== "content-length");
      store(page);
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
