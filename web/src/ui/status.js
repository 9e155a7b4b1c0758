// The status line (role=status) and the progress line under it.

/** @param {{status: HTMLElement, progress: HTMLElement}} ui */
export function createStatus(ui) {
  return {
    /** kind: "" (neutral), "ok" or "error". */
    set(text, kind = "") {
      ui.status.textContent = text;
      ui.status.dataset.kind = kind;
    },
    progress(text) {
      ui.progress.textContent = text;
    },
  };
}

export function formatMs(ms) {
  return ms < 1 ? "under 1 ms" : `${Math.round(ms).toLocaleString("en")} ms`;
}

export const formatCount = (n) => Number(n).toLocaleString("en");
