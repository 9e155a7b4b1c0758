// The scramble sheets' URL parameters (scrambles.html?events=333,pyram&seed=42&title=Round%201):
// read into what the page makes, with one message per problem naming the parameter and the value.

/** Scrambles per event and round: five, then two extras (WCA Regulation 4b). */
export const SCRAMBLES = 5;
export const EXTRAS = 2;
/** The largest first seed: its round's last scramble still has a seed below 2^53. */
export const MAX_SEED = 2 ** 53 - 1 - (SCRAMBLES + EXTRAS - 1);
export const MAX_TITLE = 80;

const PARAMS = ["events", "seed", "title"];
const clip = (text) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A seed typed or given: a whole number 0…MAX_SEED, or null with the problem. */
export function readSeed(text) {
  const trimmed = text.trim();
  if (/^\d{1,16}$/.test(trimmed) && Number(trimmed) <= MAX_SEED) {
    return { value: Number(trimmed), error: null };
  }
  return {
    value: null,
    error: `seed: '${clip(trimmed)}' is not a whole number from 0 to ${MAX_SEED}`,
  };
}

/**
 * `search` (location.search) → {events, seed, title, errors}: the known event ids in the order
 * given, without repeats; seed null when absent or refused; errors as sentences.
 */
export function readSheetParams(search, eventIds) {
  const params = new URLSearchParams(search);
  const errors = [];
  const result = { events: [], seed: null, title: "", errors };
  for (const name of new Set(params.keys())) {
    if (!PARAMS.includes(name)) {
      errors.push(`'${clip(name)}' is not a parameter of this page (${PARAMS.join(", ")})`);
    } else if (params.getAll(name).length > 1) {
      errors.push(`${name}: given ${params.getAll(name).length} times; the first is used`);
    }
  }
  const events = params.get("events");
  if (events !== null) {
    for (const id of events.split(",").map((part) => part.trim())) {
      if (id === "" || result.events.includes(id)) continue;
      if (eventIds.includes(id)) result.events.push(id);
      else errors.push(`events: '${clip(id)}' is not a WCA event (${eventIds.join(", ")})`);
    }
  }
  const seed = params.get("seed");
  if (seed !== null) {
    const read = readSeed(seed);
    result.seed = read.value;
    if (read.error) errors.push(read.error);
  }
  const title = params.get("title");
  if (title !== null) {
    result.title = title.slice(0, MAX_TITLE);
    if (title.length > MAX_TITLE) errors.push(`title: longer than ${MAX_TITLE} characters; cut`);
  }
  return result;
}

/** The URL query that makes these sheets again. */
export function sheetQuery({ events, seed, title }) {
  const params = new URLSearchParams({ events: events.join(","), seed: String(seed) });
  if (title) params.set("title", title);
  return `?${params}`;
}
