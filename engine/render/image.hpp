// Pictures of puzzle positions as SVG, from the engine's own sticker numbering and colours: a
// flat net or an isometric ("trans") view, asked for with VisualCube's query parameters where
// they mean the same (docs/images.md). Used by `polytwist image`, `polytwist serve`, the JSON
// service (`image`) and the small model-only WASM module that paints players before they start.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace polytwist {

// Limits on every parameter, enforced with a clear error (docs/images.md).
inline constexpr int kImageMinSize = 16;
inline constexpr int kImageMaxSize = 1024;
inline constexpr std::size_t kImageMaxAlgLength = 2000;        // characters of alg / case
inline constexpr std::size_t kImageMaxParameterLength = 2000;  // any other parameter
inline constexpr std::size_t kImageMaxParameters = 16;

struct ImageRequest {
  std::string puzzle = "pyraminx";  // pzl
  std::string alg;                  // alg: applied to the solved puzzle
  std::string caseAlg;              // case: the position the alg solves (its inverse is applied)
  std::string state;             // state: a model of its own's state text, where case and alg start
  std::string notation;          // the puzzle's notation names (docs/api.md), "" = default
  std::string view = "iso";      // view: "iso" (the 3D player's view, flat) or "net"
  std::string format = "svg";    // fmt: "svg", or "png" where the caller can rasterise
  int size = 128;                // size: the picture's width in pixels
  std::string background = "t";  // bg: "t" (transparent) or a colour
  std::string scheme;            // sch: one colour per face, in the puzzle's face order
  std::string faceletDefinition;  // fd: one face letter per sticker ('n' = masked, 't' = none)
  std::string faceletColours;     // fc: one colour letter per sticker
  std::string stage;              // stage: the orbits shown, "corner,edge"; others greyed
  std::string rotation;           // r: VisualCube's view rotations, "y45x-34"
};

struct ImageAnswer {
  int status = 200;    // 200, or 400 for a request polytwist refuses
  std::string svg;     // the picture, or with an error a picture of the message
  std::string error;   // empty when status is 200
  std::string format;  // the request's fmt ("svg" or "png")
  int column = 0;      // with an error in alg or case: the 1-based column the engine names
  // How a player shows the puzzle (puzzleInfo's view for a model of its own): "3d" (its geometry),
  // "pieces" (the Square-1's solid pieces) or "picture" (the Clock: this picture itself).
  std::string view = "3d";
};

// Reads VisualCube-style parameters (name, value), in any order; unknown names, repeated names,
// values over the limits and bad values are errors (status 400, message naming the parameter).
ImageAnswer imageFromParameters(const std::vector<std::pair<std::string, std::string>>& params);

// The same from a URL query string ("pzl=pyraminx&alg=R%20U'"): application/x-www-form-urlencoded,
// at most kImageMaxQueryLength bytes.
inline constexpr std::size_t kImageMaxQueryLength = 8192;
ImageAnswer imageFromQuery(std::string_view query);

// Draws a request already read (ImageRequest's fields, same checks).
ImageAnswer renderImage(const ImageRequest& request);

// An error as a picture of `size` pixels that shows `message` (what VisualCube does too).
std::string errorImage(std::string_view message, int size = 256);

}  // namespace polytwist
