// Registers the service worker of the offline app and, when a new version has been downloaded,
// offers a reload instead of swapping files under the running page. Marks the page with its build
// id (<html data-build-id>).
//
// On a host that does not send the cross-origin isolation headers (GitHub Pages), the service
// worker adds them (./sw.js), but a page is isolated or not from its navigation on: once the
// worker is active, a page that is not isolated reloads once, through it, but only once the
// page is idle: never under a running solve or computation. A flag in sessionStorage keeps a
// browser that cannot be isolated from reloading again and again.
import { BUILD_ID } from "virtual:polytwist-build-id";
import { registerSW } from "virtual:pwa-register";

const RELOADED_FOR_ISOLATION = "polytwist-reloaded-for-isolation";

/** How often a busy page is asked again whether the reload into isolation may happen. */
const IDLE_POLL_MS = 500;

async function reloadOnceForIsolation(busy) {
  if (self.crossOriginIsolated) return;
  try {
    if (sessionStorage.getItem(RELOADED_FOR_ISOLATION)) return;
  } catch {
    return; // no sessionStorage: no loop guard, so no reload
  }
  // A reload would end the solve (its tables' download, a search) or computation under way.
  while (busy()) await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
  sessionStorage.setItem(RELOADED_FOR_ISOLATION, "1");
  location.reload();
}

/**
 * @param {(reload: () => void) => void} showUpdatePrompt
 * @param {object} [options]
 * @param {() => boolean} [options.busy]  true while a reload would interrupt the reader's work
 */
export function registerOfflineApp(showUpdatePrompt, { busy = () => false } = {}) {
  // The page's build id, beside those its worker and engine report (buildInfo): one site's
  // files all have one, and an update swaps them all (docs/web.md, "Caches and updates").
  document.documentElement.dataset.buildId = BUILD_ID;
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      showUpdatePrompt(() => update(true));
    },
    onRegisterError(error) {
      console.warn("polytwist: offline support unavailable:", error);
    },
  });
  navigator.serviceWorker.ready.then(() => reloadOnceForIsolation(busy));
}
