// Registers the service worker of the offline app and, when a new version has been downloaded,
// offers a reload instead of swapping files under the running page.
import { registerSW } from "virtual:pwa-register";

export function registerOfflineApp(showUpdatePrompt) {
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      showUpdatePrompt(() => update(true));
    },
    onRegisterError(error) {
      console.warn("polytwist: offline support unavailable:", error);
    },
  });
}
