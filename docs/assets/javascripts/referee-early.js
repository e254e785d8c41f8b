// A checker page opened from a shared link starts the referee here, in the page's head: an async module runs as
// soon as it and its imports have arrived, while the page is still being parsed, instead of after Material's
// bundle and the page's deferred modules (widgets.js). On a return visit, kept or offline, the referee's worker then
// starts about 0.3 s sooner on the phone profile (the page's main thread is busy with the bundle meanwhile, the
// worker is not); on a first visit its download starts sooner. widgets.js asks again as it mounts the checker: the
// same module, the same worker (engine.js starts one per page). overrides/main.html includes this script only on a
// page with a checker; an empty checker still starts the referee once the page has settled (checker.js).
import * as engine from "./engine.js";
import { holdsSituation } from "./checker-link.js";

if (holdsSituation(location.hash)) engine.ready().catch(() => {});
