// One IntersectionObserver for every player on the page: tells each whether it is near the
// viewport. Players start (scene, engine) the first time they are, and only those are drawn.

const MARGIN = "200px"; // start and draw a little before a player scrolls into view

let observer = null;
const callbacks = new Map(); // element → onChange(near)

/** Calls `onChange(near)` whenever `element` comes near the viewport or leaves it. */
export function watchVisibility(element, onChange) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) callbacks.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  callbacks.set(element, onChange);
  observer.observe(element);
  return function stopWatching() {
    observer.unobserve(element);
    callbacks.delete(element);
  };
}
