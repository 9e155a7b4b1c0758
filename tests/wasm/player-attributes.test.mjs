// The player's attribute readers (web/src/player/attributes.js) and camera placement
// (web/src/render/camera-placement.js) in Node: the documented syntax (docs/embedding.md) and
// its error messages.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Vector3 } from "three";

import {
  cameraWith,
  readBackView,
  readBackground,
  readCamera,
  readCameraLatitude,
  readCameraLongitude,
  readColors,
  readControls,
  readHintStickers,
  readMirror,
  readSize,
  readView,
} from "../../web/src/player/attributes.js";
import { anglesOf } from "../../web/src/render/camera-angles.js";
import { cameraPosition } from "../../web/src/render/camera-placement.js";

describe("camera attribute", () => {
  it("reads name:value pairs in any order, with spaces, a trailing ';' and deg", () => {
    assert.deepEqual(readCamera("azimuth:30;elevation:25;zoom:1.1"), {
      value: { azimuth: 30, elevation: 25, zoom: 1.1 },
    });
    assert.deepEqual(readCamera(" zoom : .5 ; azimuth: -45deg; "), {
      value: { zoom: 0.5, azimuth: -45 },
    });
    assert.deepEqual(readCamera(null), { value: {} });
    assert.deepEqual(readCamera(""), { value: {} });
  });

  it("refuses mistakes as a whole, naming the attribute and the problem", () => {
    const cases = {
      "azimuth 30": /"azimuth 30" is not name:value/,
      "tilt:3": /unknown option "tilt" \(use azimuth, elevation, zoom\)/,
      "azimuth:left": /azimuth needs a number of degrees, not "left"/,
      "zoom:2x": /zoom needs a number, not "2x"/,
      "zoom:5": /zoom must be from 0\.25 to 4/,
      "elevation:90": /elevation must be between -90 and 90/,
      "zoom:1;zoom:2": /zoom is given twice/,
    };
    for (const [text, pattern] of Object.entries(cases)) {
      const { value, error } = readCamera(text);
      assert.deepEqual(value, {}, text);
      assert.match(error, pattern, text);
      assert.ok(error.startsWith(`camera="${text}": `), error);
    }
  });

  it("places the camera at the default view unless told otherwise", () => {
    const defaults = { direction: [1, 0.62, 1], distance: 5.7 };
    const { position, distance } = cameraPosition(defaults);
    const direction = new Vector3(...defaults.direction).normalize();
    assert.ok(position.clone().normalize().distanceTo(direction) < 1e-9);
    assert.equal(distance, 5.7);

    const { azimuth, elevation } = anglesOf(defaults.direction);
    assert.ok(Math.abs(azimuth - 45) < 1e-9);
    const moved = cameraPosition(defaults, { azimuth: 0, zoom: 2 });
    assert.ok(Math.abs(moved.distance - 2.85) < 1e-9);
    assert.ok(Math.abs(moved.position.x) < 1e-9, "azimuth 0 looks from the front (+z)");
    assert.ok(Math.abs(anglesOf(moved.position.toArray()).elevation - elevation) < 1e-9);
  });
});

describe("camera-latitude and camera-longitude", () => {
  it("read degrees and win over the camera option's elevation and azimuth", () => {
    assert.deepEqual(readCameraLatitude(" 35deg "), { value: 35 });
    assert.deepEqual(readCameraLongitude("-120"), { value: -120 });
    assert.deepEqual(readCameraLatitude(null), { value: null });
    const option = readCamera("azimuth:30; elevation:25; zoom:2").value;
    assert.deepEqual(cameraWith(option, -10, null), { azimuth: 30, elevation: -10, zoom: 2 });
    assert.deepEqual(cameraWith(option, null, 200), { azimuth: 200, elevation: 25, zoom: 2 });
  });

  it("name the attribute and the range of a bad value", () => {
    assert.equal(
      readCameraLatitude("90").error,
      'camera-latitude="90": use a number of degrees between -90 and 90',
    );
    assert.match(readCameraLatitude("up").error, /^camera-latitude="up": use a number of degrees/);
    assert.equal(
      readCameraLongitude("400").error,
      'camera-longitude="400": use a number of degrees from -360 to 360',
    );
    assert.equal(readCameraLongitude("400").value, null);
  });
});

describe("view attributes", () => {
  it("back-view and view: one of their words", () => {
    assert.deepEqual(readBackView(null), { value: "none" });
    assert.deepEqual(readBackView("Corner"), { value: "corner" });
    assert.match(
      readBackView("behind").error,
      /^back-view="behind": use one of none, side-by-side, corner$/,
    );
    assert.deepEqual(readView(null), { value: "3d" });
    assert.deepEqual(readView("net"), { value: "net" });
    assert.match(readView("flat").error, /^view="flat": use one of 3d, net$/);
  });

  it("mirror and hint-stickers: on when present or true, off when absent or false", () => {
    for (const read of [readMirror, readHintStickers]) {
      assert.deepEqual(read(null), { value: false });
      assert.deepEqual(read(""), { value: true });
      assert.deepEqual(read("true"), { value: true });
      assert.deepEqual(read("false"), { value: false });
    }
    assert.deepEqual(readMirror("mirror"), { value: true });
    assert.equal(readMirror("yes").value, false);
    assert.match(
      readMirror("yes").error,
      /^mirror="yes": use mirror alone \(on\), "true" or "false"$/,
    );
    assert.match(readHintStickers("1").error, /^hint-stickers="1": /);
  });
});

describe("other attributes", () => {
  const supports = (property, value) => !/bad|huge/.test(value);

  it("controls: none, playback (the default) or full", () => {
    assert.deepEqual(readControls(null), { value: "playback" });
    assert.deepEqual(readControls(" Full "), { value: "full" });
    assert.match(readControls("some").error, /^controls="some": use one of none, playback, full$/);
    assert.equal(readControls("some").value, "playback");
  });

  it("size: a CSS length, a bare number meaning pixels", () => {
    assert.deepEqual(readSize("300", supports), { value: "300px" });
    assert.deepEqual(readSize("20rem", supports), { value: "20rem" });
    assert.deepEqual(readSize(null, supports), { value: null });
    assert.match(readSize("huge", supports).error, /^size="huge": use a CSS length/);
    assert.match(readSize("auto", supports).error, /^size="auto"/);
  });

  it("background: a CSS colour", () => {
    assert.deepEqual(readBackground("#fdf3e1", supports), { value: "#fdf3e1" });
    assert.match(readBackground("bad", supports).error, /^background="bad": use a CSS colour/);
  });
});

describe("colors attribute", () => {
  // CSS.supports stands in: any colour but "bluish".
  const supports = (property, value) => property === "color" && value !== "bluish";

  it("reads FACE:COLOUR pairs separated by spaces or ';', colours with spaces in brackets", () => {
    assert.deepEqual(readColors("U:white  F:#0a0;R:rgb(200, 0, 0)", supports), {
      value: [
        { face: "U", colour: "white", at: 1 },
        { face: "F", colour: "#0a0", at: 10 },
        { face: "R", colour: "rgb(200, 0, 0)", at: 17 },
      ],
    });
    assert.deepEqual(readColors(null, supports), { value: [] });
  });

  it("refuses the whole value, naming the pair, the face or the colour at fault", () => {
    const cases = {
      "U white": /"U" at character 1 is not FACE:COLOUR/,
      "U:red F:bluish": /"bluish" \(face F, character 7\) is not a CSS colour/,
      "U:red U:blue": /face U is given twice/,
    };
    for (const [text, message] of Object.entries(cases)) {
      const { value, error } = readColors(text, supports);
      assert.deepEqual(value, []);
      assert.match(error, message);
      assert.ok(error.startsWith(`colors="${text}": `), error);
    }
  });
});
