// A plain `<button type="button">` with its label and click handler, for controls built in code.
export function button(text, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.addEventListener("click", onClick);
  return element;
}
