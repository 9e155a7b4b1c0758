// The player's shadow DOM: the stage (the 3D view, its back view, the net view, the first-use
// hint, its Reset view, Net / 3D switch, Export and help buttons, the help popover, the Export menu's popover and messages), the controls (the full
// player's puzzle picker, buttons and status; the move list and playback buttons; the moves box;
// the turn speed), the colour editor's panel (./edit-mode.js) and two slots for the page's own
// controls and panels. Every part exists at every controls level; the stylesheet shows the ones
// the level uses and lays them out for the width.

const ICONS = {
  toStart: "M2 3h2v10H2zM9 3v10L4 8zM15 3v10l-5-5z",
  stepBack: "M11 3v10L4 8zM12 3h2v10h-2z",
  step: "M2 3h2v10H2zM5 3v10l7-5z",
  toEnd: "M1 3v10l5-5zM7 3v10l5-5zM12 3h2v10h-2z",
  resetView: "M6.8 2.1A6 6 0 1 1 2.4 6L3.9 6.5A4.4 4.4 0 1 0 7.1 3.7ZM6.5 0.4L4.1 3.5L7.6 5.4Z",
  exportFile: "M7 1h2v7.2l2.6-2.6 1.4 1.4L8 12 3 7l1.4-1.4L7 8.2zM1 11h2v2h10v-2h2v4H1z",
};

const icon = (path, id = "") =>
  `<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path ${id ? `id="${id}" ` : ""}d="${path}" /></svg>`;

const MARKUP = `
<div class="player" id="player" part="player" data-ready="false" data-busy="true" data-editing="false" data-picture="false">
  <div class="stage" id="stage" part="stage">
    <canvas id="view" part="view" tabindex="0" aria-describedby="help-summary"></canvas>
    <canvas id="back-view" class="back-view" part="back-view" role="img" aria-label="The puzzle from behind" hidden></canvas>
    <div id="net-view" class="net-view" part="net-view" hidden></div>
    <div id="picture-view" class="picture-view" part="picture-view" hidden></div>
    <p id="no-view" class="no-view" part="notice" aria-live="polite">Loading…</p>
    <div id="picture" class="picture" part="picture" role="presentation" hidden></div>
    <button id="start3d" class="stage-button start3d" type="button" title="Turn it in 3D" hidden>3D</button>
    <p id="hint" class="hint" part="hint">
      <span class="fine-pointer">Drag a sticker to turn it; drag the background to look around.</span>
      <span class="coarse-pointer">Drag a sticker to turn it.</span>
    </p>
    <div class="stage-buttons">
      <button id="reset-view" class="stage-button reset-view" type="button" aria-label="Reset view"
        title="Reset view" disabled>${icon(ICONS.resetView)}</button>
      <button id="view-switch" class="stage-button view-switch full-only" type="button"
        title="Show the flat net">Net</button>
      <button id="export-button" class="stage-button export-button" type="button"
        popovertarget="export-menu" aria-label="Export" title="Export a picture or an animation">${icon(ICONS.exportFile)}</button>
      <button id="help-button" class="stage-button help-button" type="button" popovertarget="help"
        aria-label="Keys and mouse help">?</button>
    </div>
    <div id="help" class="help" popover role="dialog" aria-labelledby="help-title">
      <h2 id="help-title">Turning the puzzle</h2>
      <p id="help-summary" class="muted">
        Drag a sticker to turn its layer; drag the background to look around (on a touch screen,
        sideways, or with two fingers); scroll or pinch to zoom.
      </p>
      <table class="key-table">
        <caption id="keys-caption">Keys</caption>
        <thead>
          <tr><th scope="col">Key</th><th scope="col">Turn</th><th scope="col">With <kbd>Shift</kbd></th></tr>
        </thead>
        <tbody id="key-list"></tbody>
      </table>
      <p id="keys-hint"></p>
      <p id="keys-alt">Hold <kbd>Alt</kbd> as well for the anticlockwise turn (<code>'</code>).</p>
      <p class="muted">
        <kbd>Space</kbd> plays or pauses the moves, <kbd>←</kbd> <kbd>→</kbd> step through them.
        <span id="keys-scope"></span>
      </p>
      <button type="button" popovertarget="help" popovertargetaction="hide">Close</button>
    </div>
    <!-- Filled when first opened (./dom/export-menu.js). -->
    <div id="export-menu" class="export-menu" popover role="dialog" aria-labelledby="export-title"></div>
    <ul id="messages" class="messages" part="messages" aria-live="polite"></ul>
  </div>

  <div class="controls" id="controls" part="controls">
    <label class="full-only field picker">
      <span>Puzzle</span>
      <select id="puzzle" disabled></select>
    </label>
    <div class="full-only actions">
      <div class="buttons">
        <button id="scramble" type="button" aria-disabled="true">Scramble</button>
        <button id="solve" type="button" aria-disabled="true">Solve</button>
        <button id="solve-fast" type="button" aria-disabled="true" hidden>Fast solution</button>
        <button id="reset" type="button" aria-disabled="true">Reset</button>
        <button id="cancel" type="button" aria-disabled="true">Cancel</button>
        <button id="edit" type="button" aria-disabled="true">Edit colours</button>
      </div>
      <p id="status" class="status" role="status" aria-live="polite"></p>
      <p id="progress" class="progress muted"></p>
      <progress id="progress-bar" class="progress-bar" max="1" value="0" aria-label="Tables built" hidden></progress>
      <div id="long-search" class="long-search" role="group" aria-labelledby="long-search-text" hidden>
        <p id="long-search-text"></p>
        <p id="long-search-note" class="muted"></p>
        <div class="buttons">
          <button id="long-search-fast" type="button">Fast solution instead</button>
          <button id="long-search-keep" type="button">Keep searching</button>
          <button id="long-search-cancel" type="button">Cancel</button>
        </div>
      </div>
    </div>

    <section id="solution-panel" class="solution" aria-labelledby="solution-title" hidden>
      <p id="solution-title" class="solution-title">
        <span id="solution-name">Solution</span> <span id="solution-length" class="muted"></span>
      </p>
      <ol id="moves" class="moves" aria-label="Moves (arrow keys move between them, Enter goes there)"></ol>
      <div class="transport" role="group" aria-label="Playback">
        <button id="to-start" type="button" aria-label="Go to start" title="Go to start">${icon(ICONS.toStart)}</button>
        <button id="step-back" type="button" aria-label="Step back" title="Step back (←)">${icon(ICONS.stepBack)}</button>
        <button id="play" type="button" aria-label="Play" title="Play / pause (Space)">${icon("", "play-icon")}</button>
        <button id="step" type="button" aria-label="Step forward" title="Step forward (→)">${icon(ICONS.step)}</button>
        <button id="to-end" type="button" aria-label="Go to end" title="Go to end">${icon(ICONS.toEnd)}</button>
      </div>
    </section>

    <form id="notation-form" class="full-only field" novalidate>
      <label for="notation">Moves</label>
      <div class="row">
        <input id="notation" name="notation" type="text" autocomplete="off" autocapitalize="off"
          spellcheck="false" aria-describedby="notation-error" readonly aria-disabled="true" />
        <button id="apply" type="submit" aria-disabled="true">Apply</button>
      </div>
      <div id="notation-error" class="error" aria-live="polite"></div>
    </form>

    <slot name="controls"></slot>

    <div class="full-only settings">
      <div class="field">
        <label for="speed">Turn speed <output id="speed-value" for="speed">1×</output></label>
        <input id="speed" type="range" min="0" max="5" step="1" value="2" />
      </div>
      <details class="state">
        <summary>State</summary>
        <code id="facelets"></code>
      </details>
    </div>
  </div>

  <section id="edit-panel" class="edit-panel" part="edit-panel" aria-labelledby="edit-title" hidden>
    <h2 id="edit-title" class="edit-title">Edit colours</h2>
    <div id="editor"></div>
    <p id="edit-hint" class="muted">On the 3D view, <span class="fine-pointer">click</span><span class="coarse-pointer">tap</span> a sticker to paint it; drag to look around.</p>
    <div class="buttons">
      <button id="edit-solve" type="button" disabled>Solve from here</button>
      <button id="edit-done" type="button" disabled>Done</button>
      <button id="edit-cancel" type="button" aria-keyshortcuts="Escape">Cancel</button>
    </div>
  </section>

  <div class="panels" part="panels"><slot name="panel"></slot></div>
</div>
`;

let template = null;

/**
 * Fills `root` (the shadow root) with the player's parts and returns every element with an id,
 * by camelCased id: ui.notationError is #notation-error.
 */
export function createPlayerDom(root) {
  if (!template) {
    template = document.createElement("template");
    template.innerHTML = MARKUP;
  }
  root.append(template.content.cloneNode(true));
  return Object.fromEntries(
    [...root.querySelectorAll("[id]")].map((el) => [
      el.id.replace(/-(\w)/g, (_, c) => c.toUpperCase()),
      el,
    ]),
  );
}
