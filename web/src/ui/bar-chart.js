// An SVG bar chart of a distance table: one bar per distance, its count on top, the distance
// under it, linear or log scale, and one bar marked as the current position's distance.

const SVG = "http://www.w3.org/2000/svg";
const DEFAULT_WIDTH = 640;
const HEIGHT = 250;
const MARGIN = { top: 22, right: 6, bottom: 40, left: 6 };
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const compacter = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 0 });
const full = new Intl.NumberFormat("en");

function element(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws `counts` (positions at distance 0, 1, …) into `svg`.
 * @param {SVGSVGElement} svg
 * @param {{counts: number[], logScale?: boolean, current?: number | null}} options
 */
export function drawBarChart(svg, { counts, logScale = false, current = null }) {
  // As wide as drawn, so the labels keep their size on narrow screens.
  const WIDTH = Math.max(320, svg.clientWidth || DEFAULT_WIDTH);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.dataset.bars = String(counts.length);
  svg.dataset.scale = logScale ? "log" : "linear";
  if (current === null || current === undefined) delete svg.dataset.current;
  else svg.dataset.current = String(current);

  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(1, counts.length);
  const barWidth = slot * 0.72;
  const tight = slot < 36; // narrow bars: shorter count labels
  svg.classList.toggle("tight", tight);
  const max = Math.max(1, ...counts);
  const scale = logScale ? (n) => Math.log10(1 + n) / Math.log10(1 + max) : (n) => n / max;
  const baseline = MARGIN.top + plotHeight;

  const nodes = [
    element("line", {
      class: "axis",
      x1: MARGIN.left,
      x2: WIDTH - MARGIN.right,
      y1: baseline,
      y2: baseline,
    }),
  ];
  counts.forEach((count, distance) => {
    const height = count > 0 ? Math.max(1.5, scale(count) * plotHeight) : 0;
    const x = MARGIN.left + distance * slot + (slot - barWidth) / 2;
    const centre = x + barWidth / 2;
    const isCurrent = distance === current;
    const bar = element("rect", {
      class: isCurrent ? "bar current" : "bar",
      x,
      y: baseline - height,
      width: barWidth,
      height,
      rx: 2,
      "data-distance": distance,
      "data-count": count,
    });
    bar.append(element("title", {}, `distance ${distance}: ${full.format(count)} positions`));
    nodes.push(
      bar,
      element(
        "text",
        { class: "count", x: centre, y: baseline - height - 5 },
        (tight ? compacter : compact).format(count),
      ),
      element(
        "text",
        { class: isCurrent ? "distance current" : "distance", x: centre, y: baseline + 15 },
        distance,
      ),
    );
    if (isCurrent) {
      // A dashed line over the whole plot, so the mark shows even on a bar too small to see.
      nodes.unshift(
        element("line", {
          class: "here",
          x1: centre,
          x2: centre,
          y1: MARGIN.top - 4,
          y2: baseline,
        }),
      );
      nodes.push(element("text", { class: "marker", x: centre, y: baseline + 32 }, "▲ here"));
    }
  });
  svg.replaceChildren(...nodes);
}
