// The Export menu (the stage's Export button opens it, in the full and playback controls): what to
// export (a PNG or SVG picture of the position, as the view shows it or as the engine draws it
// flat or unfolded; the moves as a GIF or a WebM video) and its size (and frame rate), then
// Download; an animation shows its progress and can be cancelled. It calls the element's own
// exportImage / exportAnimation (../export.js) and downloads the Blob through a link with
// `download`. Loaded with import() when the menu first opens, like the exporter.

const FORMATS = [
  { value: "png", label: "Picture (PNG)", animated: false },
  { value: "svg", label: "Picture (SVG)", animated: false },
  { value: "gif", label: "Animation (GIF)", animated: true },
  { value: "webm", label: "Video (WebM)", animated: true },
];
const SIZES = [128, 256, 320, 512, 768, 1024];
const FRAME_RATES = [10, 15, 20, 25, 30];
/** The pictures' views: the 3D view as it is seen, or the engine's flat drawings. */
const VIEWS = [
  { value: "player", label: "As shown" },
  { value: "iso", label: "Flat" },
  { value: "net", label: "Net" },
];

const MARKUP = `
<h2 id="export-title" class="export-title">Export</h2>
<form id="export-form" class="export-form" novalidate>
  <fieldset id="export-choices" class="export-choices">
  <fieldset class="export-formats">
    <legend>What</legend>
    ${FORMATS.map(
      ({ value, label }) =>
        `<label><input type="radio" name="format" value="${value}"${value === "png" ? " checked" : ""} /> ${label}</label>`,
    ).join("")}
  </fieldset>
  <p id="export-moves" class="muted export-moves"></p>
  <div class="export-fields">
    <label class="field">
      <span>Size</span>
      <select id="export-size">${SIZES.map((s) => `<option value="${s}"${s === 512 ? " selected" : ""}>${s} px</option>`).join("")}</select>
    </label>
    <label class="field" id="export-view-field">
      <span>View</span>
      <select id="export-view">${VIEWS.map(({ value, label }) => `<option value="${value}">${label}</option>`).join("")}</select>
    </label>
    <label class="field" id="export-fps-field">
      <span>Frames per second</span>
      <select id="export-fps">${FRAME_RATES.map((f) => `<option value="${f}"${f === 25 ? " selected" : ""}>${f}</option>`).join("")}</select>
    </label>
  </div>
  </fieldset>
  <progress id="export-progress" class="progress-bar" max="1" value="0" aria-label="Export progress" hidden></progress>
  <p id="export-status" class="status export-status" role="status" aria-live="polite"></p>
  <div class="buttons">
    <button id="export-download" type="submit">Download</button>
    <button id="export-cancel" type="button" hidden>Cancel</button>
    <button type="button" popovertarget="export-menu" popovertargetaction="hide">Close</button>
  </div>
</form>`;

/**
 * Fills the menu (ui.exportMenu, an empty popover of ../template.js) and binds it to the player.
 * @param {Record<string, HTMLElement>} ui  the player's parts
 * @returns {{refresh: () => void}}  refresh(): the menu is opening; show what can be exported now
 */
export function createExportMenu(ui) {
  const menu = ui.exportMenu;
  menu.innerHTML = MARKUP;
  const $ = (id) => menu.querySelector(`#${id}`);
  const form = $("export-form");
  const size = $("export-size");
  const fps = $("export-fps");
  const progress = $("export-progress");
  const status = $("export-status");
  const download = $("export-download");
  const cancel = $("export-cancel");
  const fields = $("export-choices"); // what and how, fixed while an export runs
  const player = ui.player.getRootNode().host;
  let running = null; // the AbortController of the export under way

  const format = () => FORMATS.find((f) => f.value === form.elements.format.value);

  function say(text, kind = "") {
    status.textContent = text;
    status.dataset.kind = kind;
  }

  /** Animations need moves: without them only the pictures can be chosen. */
  function refresh() {
    const count = player.moves.length;
    // A puzzle shown as the engine's picture (the Clock) has no model to animate.
    const pictured = player.puzzleInfo?.view === "picture";
    for (const input of form.elements.format) {
      const animated = FORMATS.find((f) => f.value === input.value).animated;
      input.disabled = animated && (count === 0 || pictured);
    }
    if (format().animated && (count === 0 || pictured)) form.elements.format.value = "png";
    $("export-moves").textContent = pictured
      ? `The ${player.puzzleInfo.name} is exported as the engine's picture of its position.`
      : count === 0
        ? "No moves to animate: give the player an alg or find a solution first."
        : `The animation plays the ${count} move${count === 1 ? "" : "s"} of the list from the start.`;
    showFields();
  }

  /**
   * The frame rate is for animations, the view for pictures. A model of the engine's own (the
   * Square-1, the Clock: puzzleInfo's `model`) has one engine drawing, offered as "Flat"; solid
   * pieces as shown are drawn as PNG only.
   */
  function showFields() {
    $("export-fps-field").hidden = !format().animated;
    const info = player.puzzleInfo;
    // A puzzle shown as the engine's picture has that one view.
    $("export-view-field").hidden = format().animated || info?.view === "picture";
    const views = $("export-view");
    const option = (value) => views.querySelector(`option[value="${value}"]`);
    option("net").hidden = option("net").disabled = Boolean(info?.model);
    option("player").disabled = info?.view === "pieces" && format().value === "svg";
    if (views.selectedOptions[0]?.disabled) views.value = "iso";
  }

  form.addEventListener("change", showFields);

  // Like a dialog, the menu takes the focus when it opens (on the format chosen); a move list
  // loaded meanwhile (a solution found) changes what it offers.
  const focusChoice = () => form.querySelector('input[name="format"]:checked')?.focus();
  menu.addEventListener("toggle", ({ newState }) => newState === "open" && focusChoice());
  if (menu.matches(":popover-open")) focusChoice(); // opened before this module had loaded
  player.addEventListener("playback", () => menu.matches(":popover-open") && refresh());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (running) return;
    const chosen = format();
    const controller = new AbortController();
    running = controller;
    download.disabled = true;
    fields.disabled = true;
    cancel.hidden = !chosen.animated;
    progress.hidden = !chosen.animated;
    progress.value = 0;
    say(chosen.animated ? "Drawing the frames…" : "Drawing…");
    try {
      const options = { format: chosen.value, size: Number(size.value) };
      const blob = chosen.animated
        ? await player.exportAnimation({
            ...options,
            fps: Number(fps.value),
            signal: controller.signal,
            onProgress: ({ frame, frames, fraction }) => {
              progress.value = fraction;
              say(
                chosen.value === "webm"
                  ? `Recording frame ${frame} of ${frames}…`
                  : `Drawing frame ${frame} of ${frames}…`,
              );
            },
          })
        : await player.exportImage({ ...options, view: $("export-view").value });
      const name = `${player.puzzle || "puzzle"}.${chosen.value}`;
      save(blob, name);
      say(`Saved ${name} (${formatBytes(blob.size)}).`, "ok");
    } catch (err) {
      if (controller.signal.aborted) say("Cancelled.");
      else say(err.message, "error");
    } finally {
      running = null;
      download.disabled = false;
      fields.disabled = false;
      cancel.hidden = true;
      progress.hidden = true;
    }
  });

  cancel.addEventListener("click", () => running?.abort());

  return { refresh };
}

/** Downloads `blob` as the file `name`. */
function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL is only needed until it has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const formatBytes = (bytes) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
