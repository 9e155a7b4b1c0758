// Reading the player's presentational attributes (docs/embedding.md). Each reader takes the
// attribute's text (null when absent) and returns {value} or, for a value it cannot use,
// {value: the default, error: a message naming the attribute}. No DOM here except CSS.supports.

export const CONTROLS = ["none", "playback", "full"];
export const COLOUR_SCHEMES = ["auto", "light", "dark"];
export const KEYBOARD = ["focus", "page"];
export const BACK_VIEWS = ["none", "side-by-side", "corner"];
export const VIEWS = ["3d", "net"];

const quoted = (name, text) => `${name}="${text}"`;

/**
 * The longest attribute value the player reads (an alg of several hundred moves fits). A longer
 * one is ignored, as if absent, with a message that gives its length, not its text.
 */
export const MAX_ATTRIBUTE_LENGTH = 2000;

/** The message for a value longer than MAX_ATTRIBUTE_LENGTH, or null when it is not. */
export function lengthProblem(name, text) {
  if (text === null || text.length <= MAX_ATTRIBUTE_LENGTH) return null;
  return `${name}: ${text.length} characters, more than ${MAX_ATTRIBUTE_LENGTH}: ignored`;
}

function oneOf(name, choices, fallback) {
  return (text) => {
    const value = (text ?? "").trim().toLowerCase();
    if (value === "") return { value: fallback };
    if (choices.includes(value)) return { value };
    return {
      value: fallback,
      error: `${quoted(name, text)}: use one of ${choices.join(", ")}`,
    };
  };
}

export const readControls = oneOf("controls", CONTROLS, "playback");
export const readColourScheme = oneOf("colour-scheme", COLOUR_SCHEMES, "auto");
export const readKeyboard = oneOf("keyboard", KEYBOARD, "focus");
/** A second view of the puzzle from behind: none, beside the main view or small in its corner. */
export const readBackView = oneOf("back-view", BACK_VIEWS, "none");
/** What the stage shows: the puzzle in 3D or its flat net. */
export const readView = oneOf("view", VIEWS, "3d");

/**
 * A boolean attribute: on when present (empty, or "true" as a URL parameter or gadget value may
 * write it), off when absent or "false".
 */
function flag(name) {
  return (text) => {
    const value = (text ?? "false").trim().toLowerCase();
    if (value === "" || value === "true" || value === name) return { value: true };
    if (value === "false") return { value: false };
    return {
      value: false,
      error: `${quoted(name, text)}: use ${name} alone (on), "true" or "false"`,
    };
  };
}

/** The puzzle drawn as in a mirror (left and right swapped): for left-handed algs. */
export const readMirror = flag("mirror");
/** Small copies of the stickers the camera cannot see, floating beyond the puzzle. */
export const readHintStickers = flag("hint-stickers");

const cssSupports = (property, value) => globalThis.CSS?.supports(property, value) ?? false;

/** A CSS length for the square view's edge ("300px", "20rem", "50%"); a bare number is pixels. */
export function readSize(text, supports = cssSupports) {
  const value = (text ?? "").trim();
  if (value === "") return { value: null };
  if (/^\d+(\.\d+)?$/.test(value)) return { value: `${value}px` };
  if (!/^[a-z-]+$/i.test(value) && supports("width", value)) return { value };
  return {
    value: null,
    error: `${quoted("size", text)}: use a CSS length such as 300px, 20rem or 100%`,
  };
}

/** A CSS colour for the view's background ("transparent" by default). */
export function readBackground(text, supports = cssSupports) {
  const value = (text ?? "").trim();
  if (value === "") return { value: null };
  if (supports("color", value)) return { value };
  return {
    value: null,
    error: `${quoted("background", text)}: use a CSS colour such as #f4f4f4, white or transparent`,
  };
}

const LATITUDE = { check: (n) => n > -90 && n < 90, range: "between -90 and 90" };
const CAMERA_OPTIONS = {
  azimuth: { angle: true, check: () => true },
  elevation: { angle: true, ...LATITUDE },
  zoom: { angle: false, check: (n) => n >= 0.25 && n <= 4, range: "from 0.25 to 4" },
};

/** A number written as "30", "-12.5" or ".5" (with a "deg" suffix when `angle`); NaN if not. */
function numberOf(text, angle) {
  const number = angle ? text.replace(/deg$/i, "") : text;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(number) ? Number(number) : NaN;
}

/**
 * The camera option: "azimuth:30; elevation:25; zoom:1.1" — name:value pairs separated by
 * semicolons, each at most once; angles in degrees (a "deg" suffix is allowed). Returns
 * {value: {azimuth?, elevation?, zoom?}}; a value with any mistake is ignored as a whole.
 */
export function readCamera(text) {
  const value = {};
  const fail = (problem) => ({ value: {}, error: `${quoted("camera", text)}: ${problem}` });
  for (const pair of (text ?? "").split(";")) {
    if (pair.trim() === "") continue;
    const match = /^\s*([a-z]+)\s*:\s*(\S+)\s*$/i.exec(pair);
    if (!match) return fail(`"${pair.trim()}" is not name:value (pairs are separated by ";")`);
    const name = match[1].toLowerCase();
    const option = CAMERA_OPTIONS[name];
    if (!option) {
      return fail(`unknown option "${match[1]}" (use ${Object.keys(CAMERA_OPTIONS).join(", ")})`);
    }
    if (name in value) return fail(`${name} is given twice`);
    const n = numberOf(match[2], option.angle);
    if (!Number.isFinite(n)) {
      return fail(`${name} needs a number${option.angle ? " of degrees" : ""}, not "${match[2]}"`);
    }
    if (!option.check(n)) return fail(`${name} must be ${option.range}`);
    value[name] = n;
  }
  return { value };
}

/** An angle attribute in degrees: {value: number or null when absent} or an error with its range. */
function degrees(name, { check, range }) {
  return (text) => {
    const value = (text ?? "").trim();
    if (value === "") return { value: null };
    const n = numberOf(value, true);
    if (Number.isFinite(n) && check(n)) return { value: n };
    return { value: null, error: `${quoted(name, text)}: use a number of degrees ${range}` };
  };
}

/**
 * The camera's latitude and longitude, in degrees: the camera option's elevation and azimuth as
 * attributes of their own (they win over the camera option's). 0, 0 looks at the front; positive
 * longitude moves the eye to the right, positive latitude up.
 */
export const readCameraLatitude = degrees("camera-latitude", LATITUDE);
export const readCameraLongitude = degrees("camera-longitude", {
  check: (n) => n >= -360 && n <= 360,
  range: "from -360 to 360",
});

/** The camera option with the latitude and longitude attributes laid over it. */
export function cameraWith(option, latitude, longitude) {
  return {
    ...option,
    ...(latitude !== null && { elevation: latitude }),
    ...(longitude !== null && { azimuth: longitude }),
  };
}

/** When the 3D player loads: on the reader's first touch, when the browser is idle, or at once. */
export const LOAD = ["interaction", "idle", "eager"];
export const readLoad = oneOf("load", LOAD, "interaction");

/**
 * The sticker colours: FACE:COLOUR pairs separated by spaces (or ";"), any CSS colour, e.g.
 * "U:white F:#0a0 R:rgb(200 0 0)". Returns {value: [{face, colour, at}]} (at: the pair's
 * 1-based character); a value with any mistake is ignored as a whole. The faces are checked
 * against the puzzle's once it is known (./appearance.js).
 */
export function readColors(text, supports = cssSupports) {
  const value = [];
  const source = text ?? "";
  const pair = /\s*([^\s:;]+)\s*:\s*((?:\([^)]*\)|[^\s;()])+)\s*;?/y;
  let at = 0;
  while (/\S/.test(source.slice(at))) {
    pair.lastIndex = at;
    const match = pair.exec(source);
    const start = at + (source.slice(at).length - source.slice(at).trimStart().length) + 1;
    if (!match) {
      const word = source.slice(start - 1).split(/\s/)[0];
      return {
        value: [],
        error: `${quoted("colors", text)}: "${word}" at character ${start} is not FACE:COLOUR (e.g. U:white F:#0a0)`,
      };
    }
    const [, face, colour] = match;
    if (!supports("color", colour)) {
      return {
        value: [],
        error: `${quoted("colors", text)}: "${colour}" (face ${face}, character ${start}) is not a CSS colour`,
      };
    }
    if (value.some((given) => given.face === face)) {
      return { value: [], error: `${quoted("colors", text)}: face ${face} is given twice` };
    }
    value.push({ face, colour, at: start });
    at = pair.lastIndex;
  }
  return { value };
}
