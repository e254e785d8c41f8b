// The referee's files (Pyodide's runtime, the trimmed standard library, rules_core's modules, the memory snapshot),
// as the build lists them in pyodide/referee.json: each fetched at most once, from the referee's cache when it holds
// the file, else from the network, counted for a progress bar, and then kept in the cache (offline next time).
//
// Used in workers only (the engine's worker and the download worker behind "Keep the referee for offline use").
//
// - Revisioned: a file is fetched as <name>?v=<revision> (a digest of its content) and checked against that digest,
//   so a host that already serves a newer build can never slip one of its files into this one; the cache is named by
//   the referee's version (a digest of all revisions): a new build gets a new cache, filled whole, and the old one
//   is dropped once the new one is complete (referee-store.js).
// - Compressed whatever the host does: the large files are fetched as their .zst copies (made at build time) and
//   decoded here once they have arrived (zstddec: Zstandard's own decoder compiled to WebAssembly, three to four
//   times the speed of a decoder written in JavaScript, loaded only when a file comes from the network); if a host
//   answers with Content-Encoding, the browser has decoded that layer already and this one is still ours to decode.
//   The cache keeps the decoded file, so a later start reads it as it is (and the browser can reuse its compiled
//   WebAssembly).
// - Never a dead referee: if the cache is broken or full, the files still come from the network and are only not
//   kept.

export const CACHE_PREFIX = "uno-referee-";
export const SNAPSHOT = "rules_core.snapshot";

export function cacheName(manifest) {
  return CACHE_PREFIX + manifest.version;
}

export async function loadManifest(base) {
  const response = await fetch(base + "referee.json");
  if (!response.ok) throw new Error(`referee.json: HTTP ${response.status}`);
  return response.json();
}

async function openCache(name) {
  try {
    return await caches.open(name);
  } catch {
    return null; // no Cache Storage here (an opaque origin, a private window that refuses it): network only
  }
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function digestOf(bytes) {
  if (!(self.crypto && crypto.subtle)) return null; // not a secure context: nothing to check with
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

export class StaleFileError extends Error {}

// The Zstandard decoder, loaded on the first download (a start from the cache needs none).
let zstd = null;
function decoder() {
  zstd ||= import("./vendor/zstddec-stream.mjs").then(async ({ ZSTDDecoder }) => {
    const instance = new ZSTDDecoder();
    await instance.init();
    return instance;
  });
  return zstd;
}

// zstddec's streaming decoder does not check Zstandard's error codes: on input it cannot decode it stops advancing
// and yields empty parts for ever. On a good file an empty part means the decoder took the rest of a chunk (at most
// one per chunk, and a few more for the frame's header and end), so more empty parts than that are an error.
const EMPTY_PARTS_BEYOND_CHUNKS = 64;
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

function decode(zstd, chunks, entry, put) {
  const fail = (why) => new Error(`${entry.name}: not this build's Zstandard file (${why})`);
  const start = [];
  for (const chunk of chunks) {
    start.push(...chunk.subarray(0, 4 - start.length));
    if (start.length === 4) break;
  }
  if (String(start) !== String(ZSTD_MAGIC)) throw fail("no Zstandard frame at the start");
  let empty = 0;
  try {
    for (const part of zstd.decodeStreaming(chunks)) {
      if (!part.length && ++empty > chunks.length + EMPTY_PARTS_BEYOND_CHUNKS) {
        throw fail("the decoder stopped advancing");
      }
      put(part);
    }
  } catch (error) {
    if (error instanceof StaleFileError || error.message.startsWith(entry.name)) throw error;
    throw fail(error.message);
  }
}

// Reads a response body, counting the bytes that arrive (onBytes), into one buffer of the file's known size; a .zst
// copy is decoded once it is whole (its chunks as they came: the decoder's memory stays small). The decoder works in
// the worker's own thread: while the bytes arrive, the thread is free for the rest of the boot.
async function readBody(response, entry, packed, onBytes, signal) {
  const out = new Uint8Array(entry.size);
  let filled = 0;
  const put = (chunk) => {
    if (filled + chunk.length > out.length) throw new StaleFileError(`${entry.name}: longer than this build's`);
    out.set(chunk, filled);
    filled += chunk.length;
  };
  const decoding = packed ? decoder() : null;
  const chunks = [];
  const reader = response.body.getReader();
  const abort = () => reader.cancel(signal.reason).catch(() => {});
  if (signal) signal.addEventListener("abort", abort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal && signal.aborted) throw signal.reason;
      if (done) break;
      onBytes(value.byteLength);
      if (packed) chunks.push(value);
      else put(value);
    }
  } finally {
    if (signal) signal.removeEventListener("abort", abort);
  }
  if (packed) decode(await decoding, chunks, entry, put);
  // the whole response arrived but is not this build's file: a host serving another build
  if (filled !== entry.size) throw new StaleFileError(`${entry.name}: ${filled} bytes, not ${entry.size}`);
  return out;
}

// files(base, manifest, {onProgress}) -> {get(name, options), expect(name), kept(name), response(name), entry(name),
//   progress(), network(), storeAll(), markDropped(name), wasDropped(name)}
// get() resolves with the file's bytes (once per name: a second call shares the first); options.signal stops a
// download, options.meter(received, total) is called as the bytes arrive (the snapshot's download budget),
// options.cacheOnly takes the file only from the cache (Save-Data). network() gives {received, expected}: the bytes
// the network has sent so far and the download sizes of the files it was asked for (the line's pace).
export function refereeFiles(base, manifest, { onProgress = () => {}, store = true } = {}) {
  const byName = new Map(manifest.files.map((entry) => [entry.name, entry]));
  const wanted = new Map(); // name -> promise of bytes
  const sizes = new Map(); // name -> bytes to transfer (for the progress total)
  const loaded = new Map(); // name -> bytes transferred (or read from the cache)
  const fromCache = new Set();
  const toStore = new Map(); // name -> bytes fetched from the network, to keep in the cache
  const network = { received: 0, expected: 0 }; // bytes from the network so far, and of the files it is sending
  const cachePromise = openCache(cacheName(manifest));
  const key = (entry) => `${base}${entry.name}?v=${entry.rev}`;
  const transfer = (entry) => entry.packedSize || entry.size;

  function progress() {
    let done = 0;
    let total = 0;
    for (const [name, size] of sizes) {
      total += size;
      done += Math.min(loaded.get(name) || 0, size);
    }
    return { loaded: done, total };
  }
  const report = () => onProgress(progress());

  async function cached(entry) {
    const cache = await cachePromise;
    if (!cache) return null;
    try {
      return (await cache.match(key(entry))) || null;
    } catch {
      return null;
    }
  }

  async function fromNetwork(entry, { signal, meter } = {}) {
    const packed = Boolean(entry.packed);
    const url = `${base}${packed ? entry.packed : entry.name}?v=${entry.rev}`;
    // (high: ahead of the page's own modules and images for a free connection; the referee is what the reader waits for)
    const response = await fetch(url, { signal, priority: "high" });
    if (!response.ok) throw new Error(`${entry.name}: HTTP ${response.status}`);
    const total = transfer(entry);
    network.expected += total;
    let received = 0;
    const bytes = await readBody(response, entry, packed, (count) => {
      received += count;
      network.received += count;
      loaded.set(entry.name, Math.min(received, total));
      if (meter) meter(received, total);
      report();
    }, signal);
    const digest = await digestOf(bytes);
    if (digest !== null && !digest.startsWith(entry.rev)) {
      throw new StaleFileError(`${entry.name}: the host sent another build's file`);
    }
    loaded.set(entry.name, total);
    report();
    if (store) toStore.set(entry.name, bytes);
    return bytes;
  }

  async function load(entry, options) {
    const hit = await cached(entry);
    if (hit) {
      try {
        const bytes = new Uint8Array(await hit.arrayBuffer());
        if (bytes.length === entry.size) {
          fromCache.add(entry.name);
          loaded.set(entry.name, transfer(entry));
          report();
          return bytes;
        }
      } catch {
        // an unreadable entry: fetch it again
      }
    }
    if (options && options.cacheOnly) throw new Error(`${entry.name}: not kept on this device`);
    return fromNetwork(entry, options);
  }

  // A file that will be asked for later: in the progress total from now on (the bar never moves back).
  function expect(name) {
    const entry = byName.get(name);
    if (entry && !wanted.has(name)) sizes.set(name, transfer(entry));
  }

  // Whether the cache holds the file (the worker decides how to get the snapshot before it asks for it).
  async function kept(name) {
    const entry = byName.get(name);
    return Boolean(entry && (await cached(entry)));
  }

  function get(name, options) {
    const entry = byName.get(name);
    if (!entry) return Promise.reject(new Error(`${name} is not in referee.json`));
    if (!wanted.has(name)) {
      sizes.set(name, transfer(entry));
      const promise = load(entry, options);
      promise.catch(() => {
        // a file given up (the snapshot on a slow line, say) leaves the total with the bytes it did transfer
        sizes.set(name, loaded.get(name) || 0);
        report();
      });
      wanted.set(name, promise);
      report();
    }
    return wanted.get(name);
  }

  // A response for the runtime's own fetch: the cached one where there is one (so the browser can reuse its
  // compiled WebAssembly, and the bytes are not read twice), else one made from the bytes.
  async function response(name) {
    const entry = byName.get(name);
    if (!wanted.has(name) || fromCache.has(name)) {
      const hit = await cached(entry);
      if (hit && Number(hit.headers.get("Content-Length")) === entry.size) {
        sizes.set(name, transfer(entry));
        loaded.set(name, transfer(entry));
        fromCache.add(name);
        report();
        return hit;
      }
    }
    const bytes = await get(name);
    return new Response(bytes, { headers: { "Content-Type": entry.type } });
  }

  // Keep every file fetched from the network in the cache; true when the cache then holds the whole referee.
  async function storeAll() {
    const cache = await cachePromise;
    if (!cache) return false;
    try {
      for (const [name, bytes] of toStore) {
        const entry = byName.get(name);
        await cache.put(key(entry), new Response(bytes, {
          headers: { "Content-Type": entry.type, "Content-Length": String(entry.size) },
        }));
        toStore.delete(name);
      }
      return await isComplete(cache, base, manifest);
    } catch {
      return false; // full (quota) or broken: the referee still works, it is only not kept
    }
  }

  // A file given up on this device (a snapshot that arrived whole but did not restore here) is remembered in the
  // referee's cache (per revision), so later visits do not try it again, nor download it again.
  const droppedKey = (entry) => `${base}${entry.name}.dropped?v=${entry.rev}`;
  async function markDropped(name) {
    const cache = await cachePromise;
    if (!cache || !byName.has(name)) return;
    await cache.put(droppedKey(byName.get(name)), new Response("", { headers: { "Content-Type": "text/plain" } }))
      .catch(() => {});
  }
  async function wasDropped(name) {
    const cache = await cachePromise;
    if (!cache || !byName.has(name)) return false;
    try {
      return Boolean(await cache.match(droppedKey(byName.get(name))));
    } catch {
      return false;
    }
  }

  return { get, expect, kept, response, progress, storeAll, markDropped, wasDropped, entry: (name) => byName.get(name),
    fromCache: (name) => fromCache.has(name), network: () => ({ ...network }) };
}

export async function isComplete(cache, base, manifest) {
  for (const entry of manifest.files) {
    if (!(await cache.match(`${base}${entry.name}?v=${entry.rev}`))) return false;
  }
  return true;
}
