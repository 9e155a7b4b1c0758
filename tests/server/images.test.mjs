// `polytwist serve`'s picture API (docs/server.md): valid queries answer an SVG or PNG with an
// ETag and immutable caching, and 304 to If-None-Match; each kind of hostile request gets its
// HTTP status and, for picture queries, a picture of the message.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";

import { rawExchange, request, startServer, svgText } from "./serve.mjs";

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  const { code } = await server.stop();
  assert.equal(code, 0, "SIGTERM did not stop the server cleanly");
});

const IMMUTABLE = "public, max-age=31536000, immutable";
const VALID = "/image.svg?pzl=pyraminx&alg=R%20U%27%20L&size=200";

/** Checks an error picture: status, SVG type, and that the picture shows the message. */
function assertErrorPicture(answer, status, mentions) {
  assert.equal(answer.status, status, `status of ${answer.body.toString().slice(0, 200)}`);
  assert.equal(answer.headers["content-type"], "image/svg+xml; charset=utf-8");
  assert.equal(answer.headers["x-content-type-options"], "nosniff");
  const message = answer.headers["x-polytwist-error"];
  assert.ok(message, "no X-Polytwist-Error header");
  assert.match(message, mentions);
  const shown = svgText(answer.body.toString("utf8"));
  assert.match(answer.body.toString("utf8"), /^(<\?xml[^>]*>\s*)?<svg[\s>]/);
  // The picture shows the message (its first words: a long one may be wrapped or cut).
  for (const word of message.split(/\s+/).slice(0, 3)) {
    assert.ok(shown.includes(word), `the picture does not show "${word}": ${shown}`);
  }
}

describe("pictures", () => {
  it("answers a valid query with an SVG, an ETag and immutable caching", async () => {
    const answer = await request(server, VALID);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["content-type"], "image/svg+xml; charset=utf-8");
    assert.equal(answer.headers["cache-control"], IMMUTABLE);
    assert.match(answer.headers.etag, /^"0\.\d+\.\d+-[0-9a-f]{16}"$/);
    assert.match(answer.headers["content-security-policy"], /default-src 'none'/);
    assert.doesNotMatch(answer.headers["content-security-policy"], /script-src/);
    assert.equal(answer.headers["x-content-type-options"], "nosniff");
    assert.equal(answer.headers["access-control-allow-origin"], "*");
    assert.equal(answer.headers["cross-origin-resource-policy"], "cross-origin");
    assert.match(answer.body.toString("utf8"), /<svg[\s>]/);
    assert.equal(Number(answer.headers["content-length"]), answer.body.length);

    // The same query again: the same ETag and bytes; parameters in another order too.
    const again = await request(server, "/image.svg?size=200&alg=R%20U%27%20L&pzl=pyraminx");
    assert.equal(again.headers.etag, answer.headers.etag);
    assert.deepEqual(again.body, answer.body);
    const other = await request(server, "/image.svg?pzl=pyraminx&alg=R%20U&size=200");
    assert.notEqual(other.headers.etag, answer.headers.etag);
  });

  it("draws a commutator, a conjugate and a count as the moves they stand for", async () => {
    // The same stickers; the title says the alg as it was asked for.
    const picture = async (alg) => {
      const answer = await request(server, `/image.svg?pzl=cube3&alg=${encodeURIComponent(alg)}`);
      assert.equal(answer.status, 200, alg);
      return answer.body.toString("utf8").replace(/<title>.*<\/title>/, "");
    };
    const written = await picture("[R U R', D] [x: U] R3");
    assert.equal(written, await picture("R U R' D R U' R' D' F R'"));
    assert.notEqual(written, await picture("R U R' D"));
  });

  it("answers 304 to If-None-Match with the picture's ETag, and HEAD without a body", async () => {
    const { headers } = await request(server, VALID);
    const cached = await request(server, VALID, { headers: { "If-None-Match": headers.etag } });
    assert.equal(cached.status, 304);
    assert.equal(cached.body.length, 0);
    assert.equal(cached.headers.etag, headers.etag);
    assert.equal(cached.headers["cache-control"], IMMUTABLE);
    const stale = await request(server, VALID, { headers: { "If-None-Match": '"0.0.0-x"' } });
    assert.equal(stale.status, 200);
    const head = await request(server, VALID, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers.etag, headers.etag);
  });

  it("rasterises PNG pictures of the asked size, in the query and the path form", async () => {
    for (const path of [
      "/image.png?pzl=pyraminx&alg=R%20U%27&size=96",
      "/image?pzl=pyraminx&alg=R%20U%27&size=96&fmt=png",
      "/image/pzl=pyraminx&alg=R%20U%27&size=96.png",
    ]) {
      const answer = await request(server, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers["content-type"], "image/png", path);
      assert.equal(answer.headers["cache-control"], IMMUTABLE);
      assert.deepEqual([...answer.body.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], path);
      assert.equal(answer.body.readUInt32BE(16), 96, `${path}: width in IHDR`);
    }
    const svg = await request(server, "/image/pzl=pyraminx&alg=R%20U%27.svg");
    assert.equal(svg.status, 200);
    assert.equal(svg.headers["content-type"], "image/svg+xml; charset=utf-8");
  });

  it("draws VisualCube's stages, our masks and colour schemes", async () => {
    const fills = (body) => {
      const counts = {};
      for (const [, fill] of body.toString("utf8").matchAll(/fill="([^"]+)" data-f=/g)) {
        counts[fill] = (counts[fill] ?? 0) + 1;
      }
      return counts;
    };
    // OLL from the iso view: the U face white, the F and R faces grey; after R' the URF corner's
    // U sticker shows on F (the mask follows the piece).
    const oll = await request(server, "/image.svg?pzl=cube3&stage=oll");
    assert.equal(oll.status, 200);
    assert.deepEqual(fills(oll.body), { "#ffffff": 9, "#7f7f7f": 18 });
    const turned = await request(server, "/image.svg?pzl=cube3&stage=oll&alg=R%27");
    assert.match(turned.body.toString("utf8"), /fill="#ffffff" data-f="20"/);
    // A mask with rules, hidden stickers and a preset scheme, as a PNG too.
    const masked = await request(
      server,
      "/image.svg?pzl=pyraminx&stage=grey:%20all;%20show:%20F;%20hide:%20L&sch=colour-blind,F:%23ff00ff",
    );
    assert.equal(masked.status, 200);
    assert.equal(fills(masked.body)["#ff00ff"], 9);
    const png = await request(server, "/image.png?pzl=cube3&stage=f2l&sch=high-contrast");
    assert.equal(png.headers["content-type"], "image/png");
    assertErrorPicture(
      await request(server, "/image.svg?pzl=cube3&stage=grey:%20U%20Q"),
      400,
      /^stage: 'Q' names no stickers of cube3/,
    );
  });

  it("answers hostile picture queries with their status and a picture of the message", async () => {
    const longAlg = "R+".repeat(1001); // 2002 characters once decoded: over the 2000 allowed
    const cases = [
      ["/image.svg?pzl=pyraminx&colour=red", 400, /colour/],
      ["/image.svg?pzl=pyraminx&size=100000", 400, /size/],
      ["/image.svg?pzl=pyraminx&size=-5", 400, /size/],
      [`/image.svg?pzl=pyraminx&alg=${longAlg}`, 400, /alg/],
      ["/image.svg?pzl=nonesuch", 400, /nonesuch|pzl/],
      ["/image.svg?pzl=pyraminx&alg=X%20Y", 400, /alg|X/],
      ["/image.svg?pzl=cube3&alg=R%20U%2C%20F", 400, /alg: ',' outside a commutator at column 4/],
      ["/image.svg?pzl=cube3&alg=%5BR%20U%5D", 400, /alg: commutator needs two parts/],
      ["/image.svg?pzl=pyraminx&notation=nonesuch", 400, /notation|nonesuch/],
      ["/image.svg?pzl=pyraminx&pzl=pyraminx", 400, /pzl/],
      ["/image.svg?pzl=pyraminx&alg=%zz", 400, /percent/],
      ["/image.svg?fmt=png", 400, /fmt/],
      ["/image/pzl=pyraminx.gif", 404, /\.svg or \.png/],
      [`/image.svg?${"a=1&".repeat(40)}`, 400, /.+/],
      [`/image.svg?pzl=pyraminx&alg=${"R".repeat(4200)}`, 414, /request target/],
    ];
    for (const [path, status, mentions] of cases) {
      const answer = await request(server, path);
      assertErrorPicture(answer, status, mentions);
      assert.notEqual(answer.headers["cache-control"], IMMUTABLE, path);
      assert.equal(answer.headers.etag, undefined, `${path}: an error has no ETag`);
    }
    // An error asked for as PNG is a PNG picture of the message.
    const png = await request(server, "/image.png?pzl=nonesuch");
    assert.equal(png.status, 400);
    assert.equal(png.headers["content-type"], "image/png");
    assert.match(png.headers["x-polytwist-error"], /nonesuch|pzl/);
  });

  it("refuses methods other than GET and HEAD with 405, bodies or not", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const answer = await request(server, VALID, { method });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, "GET, HEAD", method);
    }
    const posted = await request(server, "/image.svg", { method: "POST", body: "x".repeat(1000) });
    assert.equal(posted.status, 405);
    const trace = await rawExchange(
      server,
      "TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert.match(trace, /^HTTP\/1\.1 405 /);
    const unknown = await rawExchange(
      server,
      "BREW / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert.match(unknown, /^HTTP\/1\.1 400 /);
  });

  it("refuses over-long request lines and headers", async () => {
    // Beyond cpp-httplib's own 8 KB line limit, and headers over 16 KB in all.
    const huge = await rawExchange(
      server,
      `GET /image.svg?alg=${"R".repeat(9000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    assert.match(huge, /^HTTP\/1\.1 414 /);
    const headers = {};
    for (let i = 0; i < 40; i++) headers[`X-Padding-${i}`] = "p".repeat(500);
    const answer = await request(server, VALID, { headers });
    assert.equal(answer.status, 431);
  });
});
