// edit.css as text and as a constructable sheet, for a shadow root:
//   shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, editStyleSheet()];
// (Vite's `?inline` import; pages without a shadow root can import "./edit.css" instead.)
import EDIT_CSS from "./edit.css?inline";

export { EDIT_CSS };

let sheet = null;

/** One CSSStyleSheet shared by every shadow root that adopts it. */
export function editStyleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(EDIT_CSS);
  }
  return sheet;
}
