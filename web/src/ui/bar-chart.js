// An SVG bar chart of a distance table: one bar per distance, its count on top, the distance
// under it, linear or log scale, and one bar marked as the current position's distance. No two
// labels overlap, however narrow the chart: count labels too wide for their bars stand on end.

const SVG = "http://www.w3.org/2000/svg";
const DEFAULT_WIDTH = 640;
const HEIGHT = 250;
const MARGIN = { top: 22, right: 6, bottom: 40, left: 6 };
const GAP = 3; // between a label and what it labels, or between two labels
/** Font sizes (px) as the page's stylesheet sets them (src/style.css: .chart …). */
const FONT = { count: 11, tightCount: 9, distance: 12 };
/** A generous width of a label's character, in ems (digits, K, M, the decimal point). */
const CHAR_WIDTH = 0.68;
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const compacter = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 0 });
const full = new Intl.NumberFormat("en");

function element(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The width a label of `text` may take at `size` px. */
const labelWidth = (text, size) => String(text).length * CHAR_WIDTH * size;

/**
 * Whether labels of these widths, centred one per slot, leave a gap between neighbours and stay
 * inside the chart.
 */
const fitSide = (widths, slot) =>
  widths.every((w, i) => i === 0 || (widths[i - 1] + w) / 2 + GAP <= slot) &&
  Math.max(widths[0], widths.at(-1)) / 2 <= slot / 2 + Math.min(MARGIN.left, MARGIN.right);

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
  const slot = plotWidth / Math.max(1, counts.length);
  const barWidth = slot * 0.72;
  const tight = slot < 36; // narrow bars: shorter count labels, smaller type
  svg.classList.toggle("tight", tight);
  const countSize = tight ? FONT.tightCount : FONT.count;
  const countLabels = counts.map((count) => (tight ? compacter : compact).format(count));
  const countWidths = countLabels.map((label) => labelWidth(label, countSize));
  // Count labels side by side when they fit, else on end (reading upwards) above their bars.
  const upright = !fitSide(countWidths, slot);
  svg.classList.toggle("upright", upright);
  // Distance labels in smaller type when they would touch.
  const distanceWidths = counts.map((_, distance) => labelWidth(distance, FONT.distance));
  svg.classList.toggle("narrow", !fitSide(distanceWidths, slot));
  // How far a count label reaches above its bar; the tallest bar leaves room for its label.
  const countRise = (i) => (upright ? countWidths[i] : countSize) + GAP;
  const top = upright ? Math.max(MARGIN.top, Math.max(...countWidths) + 2 * GAP) : MARGIN.top;
  const plotHeight = HEIGHT - top - MARGIN.bottom;
  const max = Math.max(1, ...counts);
  const scale = logScale ? (n) => Math.log10(1 + n) / Math.log10(1 + max) : (n) => n / max;
  const baseline = top + plotHeight;

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
    const barTop = baseline - height;
    const isCurrent = distance === current;
    const bar = element("rect", {
      class: isCurrent ? "bar current" : "bar",
      x,
      y: barTop,
      width: barWidth,
      height,
      rx: 2,
      "data-distance": distance,
      "data-count": count,
    });
    bar.append(element("title", {}, `distance ${distance}: ${full.format(count)} positions`));
    // On end, a count label reads upwards from above its bar, the digits' middle on the bar's.
    const at = { x: upright ? centre + 0.35 * countSize : centre, y: barTop - GAP };
    const countLabel = element(
      "text",
      { class: "count", ...at, ...(upright && { transform: `rotate(-90 ${at.x} ${at.y})` }) },
      countLabels[distance],
    );
    nodes.push(
      bar,
      countLabel,
      element(
        "text",
        { class: isCurrent ? "distance current" : "distance", x: centre, y: baseline + 15 },
        distance,
      ),
    );
    if (isCurrent) {
      // A dashed line from the top of the chart down to the count label (crossing no text), so
      // the mark shows even on a bar too small to see; none over a bar that reaches the top.
      const end = barTop - countRise(distance) - GAP;
      if (end - 2 >= 12) {
        nodes.unshift(element("line", { class: "here", x1: centre, x2: centre, y1: 2, y2: end }));
      }
      const half = labelWidth("▲ here", FONT.count) / 2;
      const markerX = Math.min(Math.max(centre, MARGIN.left + half), WIDTH - MARGIN.right - half);
      nodes.push(element("text", { class: "marker", x: markerX, y: baseline + 32 }, "▲ here"));
    }
  });
  svg.replaceChildren(...nodes);
}
