// Downloads the whole referee into its cache without starting it ("Keep the referee for offline use", and the
// background warm-up on a fast, unmetered line): referee-files.js fetches each file that the cache lacks, once.
// Posts {type: "progress", loaded, total}, then {type: "done", complete} or {type: "error", message, kind}.
import { StaleFileError, loadManifest, refereeFiles } from "./referee-files.js";

const base = new URL("../../pyodide/", import.meta.url).href;

async function download() {
  const manifest = await loadManifest(base);
  const files = refereeFiles(base, manifest, {
    onProgress: (progress) => postMessage({ type: "progress", ...progress }),
  });
  // one after another, largest last: on a poor line the small files are kept even if the big ones do not arrive
  for (const entry of manifest.files) await files.get(entry.name);
  return files.storeAll();
}

download().then(
  (complete) => postMessage({ type: "done", complete }),
  (error) => postMessage({
    type: "error",
    message: String(error && error.message ? error.message : error),
    kind: error instanceof StaleFileError ? "stale" : self.navigator.onLine === false ? "offline" : "failed",
  }),
);
