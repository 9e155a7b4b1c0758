// "Update available — Reload": a small notice at the bottom of the app page once the offline
// app's service worker has downloaded a new version (./register.js). It blocks nothing; Reload
// switches to the new version, × keeps the running one until the next visit.

import { button } from "../ui/button.js";

/**
 * @param {HTMLElement} container  an empty element with role="status"
 * @returns {(reload: () => void) => void}  shows the notice; `reload` activates the update
 */
export function createUpdatePrompt(container) {
  return (reload) => {
    const text = document.createElement("span");
    text.textContent = "Update available";
    const reloadButton = button("Reload", () => {
      reloadButton.disabled = true;
      reload();
    });
    const dismiss = button("×", () => container.replaceChildren());
    dismiss.setAttribute("aria-label", "Dismiss: keep this version for now");
    container.replaceChildren(text, reloadButton, dismiss);
  };
}
