// Script-injection payloads for tests/browser/injection.test.mjs (the player's attributes, the
// app page's share links) and tests/browser/embed-page.test.mjs (embed.html's parameters). Each
// would add its name to window.__pwned if it ever ran.

const FLAG = (name) => `window.__pwned=(window.__pwned||[]).concat('${name}')`;

/** Each would run script if it were ever parsed as markup, a URL or CSS. */
export const PAYLOADS = [
  `<img src=x onerror="${FLAG("img")}">`,
  `"><script>${FLAG("script")}</script>`,
  `javascript:${FLAG("url")}`,
  `</style><svg onload="${FLAG("svg")}"></svg>`,
  `' onmouseover='${FLAG("quote")}' x='`,
  `<iframe srcdoc="<script>parent.${FLAG("srcdoc")}</script>"></iframe>`,
  `\u202e<b onclick="${FLAG("rtl")}">gnp.exe</b>\u0000end`,
  `<a href="javascript:${FLAG("link")}">${"x".repeat(3000)}</a>`, // over every length limit
];
