// A press that lands on the puzzle belongs to the drag that turns it, not to the view's
// OrbitControls (which turn the view): shared by the drags on stickers (./drag-to-turn.js) and on
// solid pieces (./drag-pieces.js). A finger's touch that lands on the puzzle must not start a page
// scroll either (the view lets a finger scroll the page: touch-action pan-y).

/**
 * @param {object} options
 * @param {HTMLElement} options.surface  an ancestor of the canvas (listened to in capture phase,
 *   so a press on the puzzle never reaches the OrbitControls)
 * @param {HTMLCanvasElement} options.canvas
 * @param {(x: number, y: number) => object | null} options.hitAt  what a press at these client
 *   coordinates grabs, or null (off the puzzle, or no drag may start now)
 * @param {() => boolean} options.dragging  a drag is under way: no other press starts one (its
 *   own touch, which Chromium sends after its pointerdown, still must not scroll)
 * @param {(event: PointerEvent, hit: object) => void} options.onGrab  a primary press grabbed
 *   `hit`; the pointer is captured by the canvas, which has the focus
 */
export function listenForGrabs({ surface, canvas, hitAt, dragging, onGrab }) {
  surface.addEventListener(
    "touchstart",
    (event) => {
      const touch = event.touches[0];
      if (event.target !== canvas || event.touches.length !== 1) return;
      if (hitAt(touch.clientX, touch.clientY)) event.preventDefault();
    },
    { capture: true, passive: false },
  );

  surface.addEventListener(
    "pointerdown",
    (event) => {
      if (dragging() || event.target !== canvas || !event.isPrimary || event.button !== 0) return;
      const hit = hitAt(event.clientX, event.clientY);
      if (!hit) return; // off the puzzle: the OrbitControls turn the view
      event.stopPropagation();
      event.preventDefault();
      canvas.focus({ preventScroll: true });
      canvas.setPointerCapture(event.pointerId);
      onGrab(event, hit);
    },
    { capture: true },
  );
}
