#include "geometry/solid.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace polytwist::geometry {
namespace {

struct FaceSeed {
  const char* name;
  char letter;
  const char* colour;
  Vec3 normal;
};

// A direction from its azimuth (degrees from +z towards −x) and elevation (degrees above the
// horizontal): the frame of pictures and of the Kilominx's declaration.
Vec3 direction(double azimuth, double elevation) {
  const double a = azimuth * std::numbers::pi / 180, e = elevation * std::numbers::pi / 180;
  return {-std::sin(a) * std::cos(e), std::sin(e), std::cos(a) * std::cos(e)};
}

std::vector<FaceSeed> faceSeeds(Shape shape) {
  const double tetra = std::asin(1.0 / 3) * 180 / std::numbers::pi;  // 19.47°
  const double ring = std::atan(0.5) * 180 / std::numbers::pi;       // 26.57°
  switch (shape) {
    case Shape::Tetrahedron:
      // The Pyraminx's frame: corners U on top, L front left, R front right, B at the back; each
      // face is named by the corner it does not touch (F opposite B, L opposite R, …).
      return {{"F", 'F', "#1a9e3a", direction(0, tetra)},
              {"L", 'L', "#d0021b", direction(120, tetra)},
              {"R", 'R', "#1a62d6", direction(240, tetra)},
              {"D", 'D', "#ffd500", {0, -1, 0}}};
    case Shape::Cube:
    case Shape::Cuboid:
      return {{"U", 'U', "#ffffff", {0, 1, 0}},  {"R", 'R', "#d0021b", {1, 0, 0}},
              {"F", 'F', "#1a9e3a", {0, 0, 1}},  {"D", 'D', "#ffd500", {0, -1, 0}},
              {"L", 'L', "#ff7a00", {-1, 0, 0}}, {"B", 'B', "#1a62d6", {0, 0, -1}}};
    case Shape::Octahedron:
      // Standing on a face as cubing.js holds the FTO: U on top with L, B and R around it; F at
      // the front below them, with BL and BR, around D.
      return {{"U", 'U', "#ffffff", {0, 1, 0}},
              {"F", 'F', "#d0021b", direction(0, -tetra)},
              {"BL", 'P', "#7b3fb5", direction(120, -tetra)},
              {"BR", 'Y', "#ffd500", direction(240, -tetra)},
              {"L", 'L', "#1a9e3a", direction(60, tetra)},
              {"B", 'B', "#1a62d6", direction(180, tetra)},
              {"R", 'R', "#ff7a00", direction(300, tetra)},
              {"D", 'D', "#9aa0a6", {0, -1, 0}}};
    case Shape::Dodecahedron:
      // The Megaminx's faces: U's ring F L BL BR R clockwise from above, the lower ring between.
      return {{"U", 'W', "#ffffff", {0, 1, 0}},
              {"F", 'G', "#1a9e3a", direction(0, ring)},
              {"L", 'P', "#7b3fb5", direction(72, ring)},
              {"BL", 'Y', "#ffd500", direction(144, ring)},
              {"BR", 'B', "#1a62d6", direction(216, ring)},
              {"R", 'R', "#d0021b", direction(288, ring)},
              {"FL", 'C', "#7fd3ff", direction(36, -ring)},
              {"FR", 'E', "#f2dfb0", direction(324, -ring)},
              {"DL", 'K', "#ff8fc8", direction(108, -ring)},
              {"DR", 'M', "#9be15d", direction(252, -ring)},
              {"B", 'O', "#ff7a00", direction(180, -ring)},
              {"D", 'S', "#9aa0a6", {0, -1, 0}}};
    case Shape::Icosahedron: {
      // The dodecahedron's 20 corners: rings of five at 52.6° and 10.8° above the horizontal, one
      // below the other, and the same below the horizontal turned by 36°.
      static const char* colours[20] = {"#ffffff", "#1a9e3a", "#7b3fb5", "#ffd500", "#1a62d6",
                                        "#d0021b", "#7fd3ff", "#f2dfb0", "#ff8fc8", "#9be15d",
                                        "#ff7a00", "#9aa0a6", "#6b4226", "#00897b", "#c2185b",
                                        "#3949ab", "#cddc39", "#f06292", "#455a64", "#ffab40"};
      const double high = 52.62263185935002, low = 10.812316963571763;
      std::vector<FaceSeed> seeds;
      for (int i = 0; i < 20; ++i) {
        const int ringIndex = i / 5, k = i % 5;
        const double elevation = ringIndex == 0   ? high
                                 : ringIndex == 1 ? low
                                 : ringIndex == 2 ? -low
                                                  : -high;
        const double azimuth = 72.0 * k + (ringIndex >= 2 ? 36 : 0);
        static const char* names[20] = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J",
                                        "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T"};
        seeds.push_back({names[i], names[i][0], colours[i], direction(azimuth, elevation)});
      }
      return seeds;
    }
  }
  return {};
}

// A cube's corners and edges as Singmaster and cubing.js name them: U or D first; then an edge's
// F or B before L or R (UF, FR, DB); a corner's other two anticlockwise seen from outside (UFR,
// ULF, DBR). Other solids keep the order of their faces.
void orderCubeFaces(const Solid& solid, const Vec3& direction, std::vector<int>& faces) {
  if (solid.faces.size() != 6) return;
  auto rank = [&](int f) {
    const Vec3& n = solid.faces[f].normal;
    return std::abs(n.y) > 0.5 ? 0 : std::abs(n.z) > 0.5 ? 1 : 2;
  };
  std::stable_sort(faces.begin(), faces.end(), [&](int a, int b) { return rank(a) < rank(b); });
  if (faces.size() == 3 &&
      solid.faces[faces[0]].normal.cross(solid.faces[faces[1]].normal).dot(direction) < 0) {
    std::swap(faces[1], faces[2]);
  }
}

}  // namespace

Solid makeSolid(const Description& description) {
  Solid solid;
  std::vector<double> distances;
  for (const FaceSeed& seed : faceSeeds(description.shape)) {
    double distance = 1;
    if (description.shape == Shape::Cuboid) {
      // layers: x (left–right), z (front–back), y (up–down)
      const Vec3& n = seed.normal;
      distance = std::abs(n.x) * description.layers[0] / 2.0 +
                 std::abs(n.z) * description.layers[1] / 2.0 +
                 std::abs(n.y) * description.layers[2] / 2.0;
    }
    solid.faces.push_back({seed.name, seed.letter, seed.colour, seed.normal.unit(), distance, {}});
  }
  // Vertices: where three face planes meet inside every other face's half-space.
  const int n = static_cast<int>(solid.faces.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int c = b + 1; c < n; ++c) {
        const Vec3 &na = solid.faces[a].normal, &nb = solid.faces[b].normal,
                   &nc = solid.faces[c].normal;
        const double det = na.dot(nb.cross(nc));
        if (std::abs(det) < 1e-12) continue;
        const Vec3 point =
            (nb.cross(nc) * solid.faces[a].distance + nc.cross(na) * solid.faces[b].distance +
             na.cross(nb) * solid.faces[c].distance) *
            (1 / det);
        bool inside = true;
        for (const SolidFace& face : solid.faces) {
          if (face.normal.dot(point) > face.distance + 1e-9) inside = false;
        }
        if (!inside) continue;
        if (std::none_of(solid.vertices.begin(), solid.vertices.end(),
                         [&](const SolidVertex& v) { return near(v.point, point); })) {
          solid.vertices.push_back({point, {}});
        }
      }
    }
  }
  for (SolidVertex& vertex : solid.vertices) {
    for (int f = 0; f < n; ++f) {
      if (std::abs(solid.faces[f].normal.dot(vertex.point) - solid.faces[f].distance) < 1e-9) {
        vertex.faces.push_back(f);
      }
    }
  }
  // Each face's outline, anticlockwise seen from outside.
  for (int f = 0; f < n; ++f) {
    SolidFace& face = solid.faces[f];
    const Vec3 centre = face.normal * face.distance;
    std::vector<Vec3> corners;
    for (const SolidVertex& vertex : solid.vertices) {
      if (std::find(vertex.faces.begin(), vertex.faces.end(), f) != vertex.faces.end()) {
        corners.push_back(vertex.point);
      }
    }
    const Vec3 e1 = (corners[0] - centre).unit();
    const Vec3 e2 = face.normal.cross(e1);
    std::sort(corners.begin(), corners.end(), [&](const Vec3& p, const Vec3& q) {
      return std::atan2((p - centre).dot(e2), (p - centre).dot(e1)) <
             std::atan2((q - centre).dot(e2), (q - centre).dot(e1));
    });
    face.outline = corners;
  }
  // Edges: vertex pairs on two common faces.
  for (int a = 0; a < static_cast<int>(solid.vertices.size()); ++a) {
    for (int b = a + 1; b < static_cast<int>(solid.vertices.size()); ++b) {
      int common = 0;
      for (int f : solid.vertices[a].faces) {
        const auto& other = solid.vertices[b].faces;
        if (std::find(other.begin(), other.end(), f) != other.end()) ++common;
      }
      if (common >= 2) solid.edges.push_back({a, b});
    }
  }
  switch (description.shape) {
    case Shape::Tetrahedron:
      // The hand-declared Pyraminx's view: F and R in view, F a little more, the eye just below
      // the base (the 3D player starts here, no face seen alone).
      solid.view = direction(-55, -4);
      break;
    case Shape::Dodecahedron:
    case Shape::Icosahedron:
      solid.view = direction(-15, 35);
      break;
    case Shape::Octahedron:
      solid.view = direction(-20, 25);
      break;
    default:
      solid.view = Vec3{3.9, 3.6, 5.1}.unit();  // U, F and R in view, F a little more than R
  }
  return solid;
}

std::string pointName(const Solid& solid, const Vec3& direction) {
  const Vec3 unit = direction.unit();
  auto nameOf = [&](std::vector<int> faces) {
    orderCubeFaces(solid, unit, faces);
    std::string name;
    for (int f : faces) name += solid.faces[f].name;
    return name;
  };
  for (const SolidVertex& vertex : solid.vertices) {
    if (near(vertex.point.unit(), unit, 1e-6)) return nameOf(vertex.faces);
  }
  for (const auto& [a, b] : solid.edges) {
    const Vec3 middle = solid.vertices[a].point + solid.vertices[b].point;
    if (near(middle.unit(), unit, 1e-6)) {
      std::vector<int> faces;
      for (int f : solid.vertices[a].faces) {
        const auto& other = solid.vertices[b].faces;
        if (std::find(other.begin(), other.end(), f) != other.end()) faces.push_back(f);
      }
      return nameOf(faces);
    }
  }
  return "";
}

}  // namespace polytwist::geometry
