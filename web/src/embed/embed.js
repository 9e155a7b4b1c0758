// embed.html: one <polytwist-player> filling its frame, configured by the page's URL parameters
// (docs/embedding.md, "An iframe"): embed.html?puzzle=pyraminx&alg=R%20U&controls=playback.
//
// Only the player's documented attributes are accepted, and they are set as attributes, so the
// player checks them and shows its own messages; this page adds messages only for what is not an
// attribute at all (an unknown or repeated parameter, a value too long). Parameter text is only
// ever set as an attribute value or as textContent, never parsed as markup.

import { MAX_ATTRIBUTE_LENGTH } from "../player/attributes.js";
import { showBidiControls } from "../ui/format.js";

/** The player's attributes a URL may set (`size` is left out: the player fills the frame). */
const EMBED_PARAMETERS = [
  "puzzle",
  "description",
  "alg",
  "setup",
  "controls",
  "background",
  "colour-scheme",
  "camera",
  "camera-latitude",
  "camera-longitude",
  "keyboard",
  "numbering",
  "numbering-groups",
  "load",
  "back-view",
  "mirror",
  "view",
  "hint-stickers",
  "stickering",
  "mask",
  "colors",
  "scheme",
];

/** The longest value taken: the player's own limit (an alg of a few hundred moves fits). */
const MAX_VALUE_LENGTH = MAX_ATTRIBUTE_LENGTH;

/** At most this many unknown names are listed (a URL may carry thousands). */
const MAX_LISTED_NAMES = 5;

/** The smallest square view drawn, in CSS pixels, however small the frame. */
const MIN_EDGE = 120;

/** A name as a message shows it: quoted, and cut short when long. */
const shown = (name) => `'${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`;

/**
 * Reads URL parameters: {attributes: [[name, value]], problems: [text]}. The first value of a
 * repeated parameter is used.
 * @param {URLSearchParams} params
 */
function readEmbedParameters(params) {
  const attributes = new Map();
  const problems = [];
  const unknown = new Set(); // a Set: a URL may repeat thousands of names
  for (const [name, value] of params) {
    if (name === "size") {
      problems.push(
        "parameter 'size' is not used here: the player fills its frame (size the iframe)",
      );
    } else if (!EMBED_PARAMETERS.includes(name)) {
      unknown.add(name);
    } else if (attributes.has(name)) {
      problems.push(`parameter ${shown(name)} is given more than once: the first one is used`);
    } else if (value.length > MAX_VALUE_LENGTH) {
      attributes.set(name, null); // refused; a later repeat must not replace it
      problems.push(
        `parameter ${shown(name)} is ${value.length} characters long, more than ${MAX_VALUE_LENGTH}: left out`,
      );
    } else {
      attributes.set(name, value);
    }
  }
  if (unknown.size > 0) {
    const listed = [...unknown].slice(0, MAX_LISTED_NAMES).map(shown).join(", ");
    const more =
      unknown.size > MAX_LISTED_NAMES ? ` and ${unknown.size - MAX_LISTED_NAMES} more` : "";
    problems.unshift(
      `unknown parameter${unknown.size > 1 ? "s" : ""} ${listed}${more} (use ${EMBED_PARAMETERS.join(", ")})`,
    );
  }
  return {
    attributes: [...attributes].filter(([, value]) => value !== null),
    problems,
  };
}

/** Shows the page's own problems under the player (text only), each dismissable. */
function showProblems(list, problems) {
  for (const text of problems) {
    const item = document.createElement("li");
    const body = document.createElement("span");
    body.textContent = showBidiControls(text); // no override may reverse the message
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", "Dismiss this message");
    close.addEventListener("click", () => {
      item.remove();
      list.hidden = list.children.length === 0;
    });
    item.append(body, close);
    list.append(item);
    console.warn(`polytwist embed.html: ${text}`);
  }
  list.hidden = list.children.length === 0;
}

/**
 * Keeps the square view as large as the frame allows: the smaller of the frame's width and its
 * height minus what the player shows under the view (the move list and playback buttons) and the
 * frame's own messages under the player, which are measured, since they depend on the alg, the
 * width and the messages not yet dismissed. A `full` player (controls beside or under the view)
 * gets that height and the page scrolls if it needs more.
 */
function fitToFrame(player, messages) {
  let edge = 0;
  const fit = () => {
    const width = document.documentElement.clientWidth;
    const messagesHeight = messages.hidden ? 0 : messages.getBoundingClientRect().height;
    const height = document.documentElement.clientHeight - messagesHeight;
    if (player.controls === "full") {
      document.body.classList.add("scrolls", "full");
      player.setAttribute("size", `${Math.max(MIN_EDGE, height)}px`);
      return;
    }
    document.body.classList.remove("scrolls", "full");
    // What the player shows beyond its square view, at the edge set last.
    const below = edge > 0 ? Math.max(0, player.getBoundingClientRect().height - edge) : 0;
    const next = Math.max(MIN_EDGE, Math.floor(Math.min(width, height - below)));
    if (Math.abs(next - edge) < 1) return;
    edge = next;
    player.setAttribute("size", `${edge}px`);
  };
  // The player's height changes when its controls do (an alg's list wraps, a level changes):
  // fit again, at most a few rounds per change, since a smaller view can wrap the list more.
  let rounds = 0;
  const observer = new ResizeObserver(() => {
    if (rounds++ < 4) fit();
    requestAnimationFrame(() => (rounds = 0));
  });
  observer.observe(player);
  observer.observe(messages); // a message dismissed gives its room back
  addEventListener("resize", fit);
  fit();
}

function main() {
  const container = document.getElementById("embed");
  const messages = document.getElementById("embed-messages");
  const { attributes, problems } = readEmbedParameters(new URLSearchParams(location.search));
  const player = document.createElement("polytwist-player");
  for (const [name, value] of attributes) player.setAttribute(name, value);
  container.prepend(player);
  showProblems(messages, problems);
  // The element is defined by polytwist-player.js, loaded after this module.
  customElements.whenDefined("polytwist-player").then(() => fitToFrame(player, messages));
}

main();
