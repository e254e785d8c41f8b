// Write the service worker with its precache manifest: workbox-build's injectManifest over the built site.
//
//   node hooks/make_service_worker.mjs <site dir> <sw source> <json options>
//
// Options: {"globPatterns": [...], "globIgnores": [...], "maximumFileSizeToCacheInBytes": n}. Prints a JSON line
// {count, size, warnings}.
import { injectManifest } from "workbox-build";

const [siteDir, swSrc, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson);
const { count, size, warnings } = await injectManifest({
  swSrc,
  swDest: `${siteDir}/sw.js`,
  globDirectory: siteDir,
  ...options,
});
console.log(JSON.stringify({ count, size, warnings }));
