// The offline app's service worker (built by vite-plugin-pwa's injectManifest, web/pwa.config.js):
// precaches the whole built site, each file with its revision, and serves it from the cache.
//
// It also makes the pages it serves cross-origin isolated, for hosts that cannot set headers
// (GitHub Pages): every response it serves gets Cross-Origin-Opener-Policy: same-origin and
// Cross-Origin-Embedder-Policy: require-corp unless the server already sent them. The site loads
// nothing from other origins, so require-corp blocks nothing. The page reloads once when this
// worker first takes over (web/src/pwa/register.js), since isolation is decided at navigation.
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

/** `response` with the isolation headers it lacks (a new Response: cached ones are immutable). */
function withIsolation(response) {
  if (!response || response.type === "opaque" || response.status === 0) return response;
  const missing = Object.keys(ISOLATION_HEADERS).filter((name) => !response.headers.has(name));
  if (missing.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const name of missing) headers.set(name, ISOLATION_HEADERS[name]);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * The request the precache sends for a manifest entry: never a second download of a file the
 * page has just fetched. Hashed assets/ files have no revision (vite-plugin-pwa's
 * dontCacheBustURLsMatching), so Workbox fetches them with the default cache mode and the HTTP
 * cache answers (the server marks them immutable). Files with a revision Workbox fetches with
 * `cache: "reload"`, past the HTTP cache: "no-cache" instead revalidates them, so an unchanged
 * file costs a 304, a changed one is downloaded, as with "reload". index.html is asked for by
 * its directory's address, the one the page was loaded from.
 */
function precacheRequest(request) {
  if (request.mode === "navigate" || request.cache !== "reload") return request;
  const url = new URL(request.url);
  if (url.pathname.endsWith("/index.html"))
    url.pathname = url.pathname.slice(0, -"index.html".length);
  return new Request(url.href, {
    cache: "no-cache",
    credentials: request.credentials,
    integrity: request.integrity,
  });
}

addPlugins([
  {
    requestWillFetch: async ({ request }) => precacheRequest(request),
    handlerWillRespond: async ({ response }) => withIsolation(response),
  },
]);

// The app page's address carries its state (?puzzle=…&facelets=…): any query still finds the
// precached page.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

// A new version waits until the page's update notice asks it to take over (registerType
// "prompt"), so one page never runs a mix of old and new files.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});
