// The scramble sheets page (scrambles.html): the WCA events the engine lists, chosen with
// checkboxes; for each, a round's five scrambles and two extras from consecutive seeds, each with
// the engine's picture of the scrambled position; printable, one event a page. The URL keeps the
// events, seed and title, so a link makes the same sheets again. Every scramble and picture
// comes from the engine (in its worker); the page decides nothing about any puzzle.
import { sharedEngine } from "../engine/shared-engine.js";
import { EXTRAS, SCRAMBLES, readSeed, readSheetParams, sheetQuery } from "./sheet-params.js";

const engine = sharedEngine();
const form = document.querySelector("#sheet-form");
const choices = document.querySelector("#event-choices");
const titleInput = document.querySelector("#sheet-title");
const seedInput = document.querySelector("#sheet-seed");
const makeButton = document.querySelector("#make-sheets");
const stopButton = document.querySelector("#stop-sheets");
const printButton = document.querySelector("#print-sheets");
const problems = document.querySelector("#sheet-problems");
const status = document.querySelector("#sheet-status");
const sheets = document.querySelector("#sheets");

let run = 0; // the sheets being made; a new run or Stop leaves the older one's answers unused
let pictureUrls = [];

function showProblems(messages) {
  problems.replaceChildren(
    ...messages.map((message) =>
      Object.assign(document.createElement("li"), { textContent: message }),
    ),
  );
  problems.hidden = messages.length === 0;
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderChoices(events, chosen) {
  choices.replaceChildren(
    ...events.map((event) => {
      const label = element("label", "check");
      const box = Object.assign(document.createElement("input"), {
        type: "checkbox",
        name: "event",
        value: event.id,
        checked: chosen.includes(event.id),
      });
      label.append(box, ` ${event.name}`);
      return label;
    }),
  );
}

/** One event's sheet: its heading and a table the rows go into. */
function sheetOf(event, title, seed) {
  const section = element("section", "card sheet");
  section.dataset.event = event.id;
  const head = element("div", "sheet-head");
  head.append(element("h2", "", `${event.name}`), element("p", "sheet-round", title || "Round 1"));
  const table = element("table", "sheet-table");
  table.append(element("tbody"));
  const note = element(
    "p",
    "muted sheet-note",
    `Seeds ${seed}–${seed + SCRAMBLES + EXTRAS - 1}, event ${event.id}, puzzle ${event.puzzle}`,
  );
  section.append(head, table, note);
  sheets.append(section);
  return table.tBodies[0];
}

function addRow(body, label, answer, picture, eventName) {
  const row = element("tr");
  row.dataset.scramble = label;
  const scramble = element("td", "sheet-scramble");
  if (answer.ok) {
    scramble.append(element("code", "", answer.scramble));
  } else {
    scramble.append(element("span", "sheet-error", answer.error));
  }
  const pictureCell = element("td", "sheet-picture");
  if (picture?.ok) {
    const url = URL.createObjectURL(new Blob([picture.svg], { type: "image/svg+xml" }));
    pictureUrls.push(url);
    pictureCell.append(
      Object.assign(document.createElement("img"), {
        src: url,
        alt: `${eventName}, scramble ${label}: the scrambled position`,
      }),
    );
  } else if (picture) {
    pictureCell.append(element("span", "muted", `No picture: ${picture.error}`));
  }
  row.append(element("th", "sheet-label", label), scramble, pictureCell);
  body.append(row);
}

async function makeSheets(events, eventIds, seed, title) {
  const mine = ++run;
  for (const url of pictureUrls) URL.revokeObjectURL(url);
  pictureUrls = [];
  sheets.replaceChildren();
  history.replaceState(null, "", sheetQuery({ events: eventIds, seed, title }));
  makeButton.disabled = true;
  printButton.disabled = true;
  stopButton.hidden = false;
  try {
    for (const id of eventIds) {
      const event = events.find((e) => e.id === id);
      const body = sheetOf(event, title, seed);
      for (let i = 0; i < SCRAMBLES + EXTRAS; i++) {
        const label = i < SCRAMBLES ? String(i + 1) : `E${i - SCRAMBLES + 1}`;
        status.textContent = `${event.name}: scramble ${label} of ${SCRAMBLES} + ${EXTRAS} extras…`;
        const answer = await engine.scramble(id, seed + i, (progress) => {
          if (run === mine && progress?.stage) {
            status.textContent = `${event.name}: preparing the solver's tables (${progress.stage})…`;
          }
        });
        if (run !== mine) return;
        const picture = answer.ok
          ? await engine.image({
              pzl: event.puzzle,
              alg: answer.scramble,
              view: "net",
              size: "240",
            })
          : null;
        if (run !== mine) return;
        addRow(body, label, answer, picture, event.name);
      }
    }
    status.textContent = `${eventIds.length} event${eventIds.length === 1 ? "" : "s"}, ${
      SCRAMBLES + EXTRAS
    } scrambles each, from seed ${seed}.`;
    printButton.disabled = false;
  } catch (err) {
    if (run === mine) status.textContent = `The engine stopped: ${err.message}`;
  } finally {
    if (run === mine) {
      makeButton.disabled = false;
      stopButton.hidden = true;
    }
  }
}

async function start() {
  const listed = await engine.listEvents();
  if (!listed.ok) {
    showProblems([`The engine cannot list the events: ${listed.error}`]);
    return;
  }
  const events = listed.events;
  const ids = events.map((event) => event.id);
  const given = readSheetParams(location.search, ids);
  showProblems(given.errors);
  renderChoices(events, given.events.length > 0 ? given.events : ["333"]);
  titleInput.value = given.title;
  seedInput.value = String(given.seed ?? randomSeed());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = [...choices.querySelectorAll("input:checked")].map((box) => box.value);
    const seed = readSeed(seedInput.value);
    const messages = [];
    if (chosen.length === 0) messages.push("events: choose at least one event");
    if (seed.error) messages.push(seed.error);
    showProblems(messages);
    if (messages.length === 0) makeSheets(events, chosen, seed.value, titleInput.value.trim());
  });
  stopButton.addEventListener("click", () => {
    run++;
    status.textContent = "Stopped.";
    makeButton.disabled = false;
    stopButton.hidden = true;
  });
  printButton.addEventListener("click", () => window.print());
  // A link with events makes its sheets at once (with its seed, or a new one it then shows);
  // one with a problem waits, so that no sheets other than the ones meant are made unasked.
  if (given.events.length > 0 && given.errors.length === 0) {
    makeSheets(events, given.events, given.seed ?? Number(seedInput.value), given.title);
  }
}

start();
