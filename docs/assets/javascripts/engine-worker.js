// The referee's worker: boots Pyodide from the site's own files, loads the rules_core wheel by name (its sha256
// is checked against the site's pyodide-lock.json) and answers JSON requests through rules_core.handle.
// Protocol: the page posts {id, request: "<JSON string>"}; the worker posts {type: "ready"} once, then
// {id, response: "<JSON string>"} for each request. A failed boot is reported as {type: "boot-error", message}.
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const indexURL = new URL("../../pyodide/", import.meta.url).href;

async function boot() {
  const pyodide = await loadPyodide({ indexURL, fullStdLib: false });
  await pyodide.loadPackage("rules_core", { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  const handle = pyodide.pyimport("rules_core").handle;
  return (requestJson) => handle(requestJson);
}

const ready = boot();
ready.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "boot-error", message: String(error && error.message ? error.message : error) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const handle = await ready;
    postMessage({ id, response: handle(request) });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    postMessage({ id, response: JSON.stringify({ id, ok: false, error: { field: "", message } }) });
  }
};
