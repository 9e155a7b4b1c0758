// Where each sticker lies, for pictures: on the puzzle's solid in 3D (for the isometric view) and
// in a flat net, both built from the puzzle's declarative PictureSpec (core/puzzle.hpp). Generic:
// three solids, no puzzle named here.
#pragma once

#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

struct Point3 {
  double x = 0, y = 0, z = 0;
};
struct Point2 {
  double x = 0, y = 0;
};

struct PictureGeometry {
  std::vector<std::vector<Point3>> stickers;     // per sticker, its polygon on the solid
  std::vector<std::vector<Point2>> netStickers;  // per sticker, its polygon in the net
  std::vector<int> stickerFace;
  std::vector<std::vector<Point3>> faces;     // per face, its outline on the solid
  std::vector<Point3> faceNormals;            // outward, unit
  std::vector<std::vector<Point2>> netFaces;  // per face, its outline in the net
  double netWidth = 0, netHeight = 0;         // net units: x right, y down, from (0, 0)
};

// Built once per puzzle; nullptr when the puzzle declares no picture.
const PictureGeometry* pictureGeometry(const Puzzle& puzzle);

}  // namespace polytwist
