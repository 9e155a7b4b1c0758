#include "render/picture.hpp"

#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <string>

#include "geometry/described.hpp"
#include "geometry/net.hpp"

namespace polytwist {

namespace {

Point3 operator+(Point3 a, Point3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Point3 operator-(Point3 a, Point3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Point3 operator*(double k, Point3 a) { return {k * a.x, k * a.y, k * a.z}; }
double dot(Point3 a, Point3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Point3 cross(Point3 a, Point3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Point3 unit(Point3 a) { return (1 / std::sqrt(dot(a, a))) * a; }
Point2 operator+(Point2 a, Point2 b) { return {a.x + b.x, a.y + b.y}; }
Point2 operator-(Point2 a, Point2 b) { return {a.x - b.x, a.y - b.y}; }
Point2 operator*(double k, Point2 a) { return {k * a.x, k * a.y}; }

// A face's outward normal from its outline (any winding): the side away from the origin.
Point3 outwardNormal(const std::vector<Point3>& outline) {
  Point3 n = unit(cross(outline[1] - outline[0], outline[2] - outline[0]));
  return dot(n, outline[0]) < 0 ? -1.0 * n : n;
}

int faceIndex(const PuzzleSpec& spec, const std::string& name) {
  for (std::size_t f = 0; f < spec.faces.size(); ++f) {
    if (spec.faces[f].name == name) return static_cast<int>(f);
  }
  throw std::logic_error(spec.id + ": picture names no face " + name);
}

void addSticker(PictureGeometry& g, int face, std::vector<Point3> polygon,
                std::vector<Point2> net) {
  g.stickers.push_back(std::move(polygon));
  g.netStickers.push_back(std::move(net));
  g.stickerFace.push_back(face);
}

// Tetrahedron: unit circumradius, U on top, the face ULR towards the viewer. The net is the face
// without B in the middle, the others folded out across its sides: one big triangle.
PictureGeometry tetrahedron(const PuzzleSpec& spec) {
  const double s2 = std::sqrt(2.0);
  const std::map<char, Point3> corners = {{'U', {0, 1, 0}},
                                          {'L', {-std::sqrt(2.0 / 3), -1.0 / 3, s2 / 3}},
                                          {'R', {std::sqrt(2.0 / 3), -1.0 / 3, s2 / 3}},
                                          {'B', {0, -1.0 / 3, -2 * s2 / 3}}};
  const std::size_t faceCount = spec.picture.tetrahedronFaces.size();
  if (faceCount != 4 || spec.faces.size() != 4) throw std::logic_error("tetrahedron: 4 faces");
  const int rows = static_cast<int>(std::lround(std::sqrt(spec.faces[0].stickers)));
  // The net: the face without B is an upright triangle of side `rows` (units: small triangles).
  const double h = rows * std::sqrt(3.0) / 2;
  std::map<char, Point2> middle = {
      {'U', {double(rows), 0}}, {'L', {rows / 2.0, h}}, {'R', {1.5 * rows, h}}};
  PictureGeometry g;
  for (std::size_t f = 0; f < faceCount; ++f) {
    const std::string& c = spec.picture.tetrahedronFaces[f];
    std::map<char, Point2> net = middle;
    if (c.find('B') != std::string::npos) {
      // B lies where the corner this face lacks would, reflected across the face's other side.
      char missing = 'U';
      for (char k : std::string("ULR")) {
        if (c.find(k) == std::string::npos) missing = k;
      }
      std::string others;
      for (char k : c) {
        if (k != 'B') others += k;
      }
      const Point2 a = middle[others[0]], b = middle[others[1]], p = middle[missing];
      const Point2 d = b - a;
      const double t = ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / (d.x * d.x + d.y * d.y);
      const Point2 foot = a + t * d;
      net['B'] = foot + (foot - p);
    }
    const Point3 apex = corners.at(c[0]), left = corners.at(c[1]), right = corners.at(c[2]);
    const Point2 nApex = net.at(c[0]), nLeft = net.at(c[1]), nRight = net.at(c[2]);
    auto at = [&](int i, int j) {
      return apex + (double(i - j) / rows) * (left - apex) + (double(j) / rows) * (right - apex);
    };
    auto netAt = [&](int i, int j) {
      return nApex + (double(i - j) / rows) * (nLeft - nApex) +
             (double(j) / rows) * (nRight - nApex);
    };
    const int face = faceIndex(spec, spec.faces[f].name);
    for (int row = 0; row < rows; ++row) {
      for (int k = 0; k < 2 * row + 1; ++k) {
        const int j = k / 2;
        const std::array<std::pair<int, int>, 3> cell =
            k % 2 == 0
                ? std::array<std::pair<int, int>, 3>{{{row, j}, {row + 1, j}, {row + 1, j + 1}}}
                : std::array<std::pair<int, int>, 3>{{{row, j}, {row + 1, j + 1}, {row, j + 1}}};
        std::vector<Point3> polygon;
        std::vector<Point2> flat;
        for (auto [i, jj] : cell) {
          polygon.push_back(at(i, jj));
          flat.push_back(netAt(i, jj));
        }
        addSticker(g, face, polygon, flat);
      }
    }
    g.faces.push_back({apex, left, right});
    g.faceNormals.push_back(outwardNormal(g.faces.back()));
    g.netFaces.push_back({nApex, nLeft, nRight});
  }
  g.netWidth = 2.0 * rows;
  g.netHeight = 2 * h;
  return g;
}

// Cuboid: sticker side 1, centred on the origin.
PictureGeometry cuboid(const PuzzleSpec& spec) {
  const auto [nx, ny, nz] = spec.picture.cuboid;
  const double hx = nx / 2.0, hy = ny / 2.0, hz = nz / 2.0;
  struct Frame {
    Point3 origin, column, row;  // the face's top-left corner as read, one sticker right, down
    int columns, rows;
    std::pair<int, int> crossCell;
  };
  const std::map<std::string, Frame> frames = {
      {"U", {{-hx, hy, -hz}, {1, 0, 0}, {0, 0, 1}, nx, nz, {nz, 0}}},
      {"D", {{-hx, -hy, hz}, {1, 0, 0}, {0, 0, -1}, nx, nz, {nz, nz + ny}}},
      {"F", {{-hx, hy, hz}, {1, 0, 0}, {0, -1, 0}, nx, ny, {nz, nz}}},
      {"B", {{hx, hy, -hz}, {-1, 0, 0}, {0, -1, 0}, nx, ny, {2 * nz + nx, nz}}},
      {"R", {{hx, hy, hz}, {0, 0, -1}, {0, -1, 0}, nz, ny, {nz + nx, nz}}},
      {"L", {{-hx, hy, -hz}, {0, 0, 1}, {0, -1, 0}, nz, ny, {0, nz}}}};
  PictureGeometry g;
  double width = 0, height = 0;
  for (std::size_t f = 0; f < spec.faces.size(); ++f) {
    const auto it = frames.find(spec.faces[f].name);
    if (it == frames.end())
      throw std::logic_error(spec.id + ": a cuboid has no face " + spec.faces[f].name);
    const Frame& fr = it->second;
    if (fr.columns * fr.rows != spec.faces[f].stickers) {
      throw std::logic_error(spec.id + ": face " + spec.faces[f].name + " has the wrong size");
    }
    const auto [cx, cy] = spec.picture.netCells.empty() ? fr.crossCell : spec.picture.netCells[f];
    auto at = [&](double c, double r) { return fr.origin + c * fr.column + r * fr.row; };
    for (int r = 0; r < fr.rows; ++r) {
      for (int c = 0; c < fr.columns; ++c) {
        addSticker(g, static_cast<int>(f), {at(c, r), at(c + 1, r), at(c + 1, r + 1), at(c, r + 1)},
                   {{double(cx + c), double(cy + r)},
                    {double(cx + c + 1), double(cy + r)},
                    {double(cx + c + 1), double(cy + r + 1)},
                    {double(cx + c), double(cy + r + 1)}});
      }
    }
    g.faces.push_back({at(0, 0), at(fr.columns, 0), at(fr.columns, fr.rows), at(0, fr.rows)});
    g.faceNormals.push_back(outwardNormal(g.faces.back()));
    g.netFaces.push_back({{double(cx), double(cy)},
                          {double(cx + fr.columns), double(cy)},
                          {double(cx + fr.columns), double(cy + fr.rows)},
                          {double(cx), double(cy + fr.rows)}});
    width = std::max(width, double(cx + fr.columns));
    height = std::max(height, double(cy + fr.rows));
  }
  g.netWidth = width;
  g.netHeight = height;
  return g;
}

// Dodecahedron: inradius 1. Each face's stickers are kites from its centre: sticker i spans the
// middles of its edges with neighbours i and i+1 and their common corner.
PictureGeometry dodecahedron(const PuzzleSpec& spec) {
  const double deg = std::numbers::pi / 180;
  const std::size_t n = spec.faces.size();
  if (spec.picture.faceDirections.size() != n || spec.picture.rings.size() != n) {
    throw std::logic_error(spec.id + ": a direction and a ring per face");
  }
  std::vector<Point3> normals;
  for (auto [azimuth, elevation] : spec.picture.faceDirections) {
    const double a = azimuth * deg, e = elevation * deg;
    normals.push_back({-std::sin(a) * std::cos(e), std::sin(e), std::cos(a) * std::cos(e)});
  }
  auto vertex = [&](int a, int b, int c) {
    const Point3 sum = normals[a] + normals[b] + normals[c];
    return (1 / dot(sum, normals[a])) * sum;
  };
  auto ring = [&](std::size_t f, int i) {
    return faceIndex(spec, spec.picture.rings[f][(i % 5 + 5) % 5]);
  };
  auto corner = [&](std::size_t f, int i) { return vertex(int(f), ring(f, i), ring(f, i + 1)); };
  auto edgeMiddle = [&](std::size_t f, int i) { return 0.5 * (corner(f, i + 4) + corner(f, i)); };

  // The net: two flowers (a face with its five neighbours), the first face's and the last's.
  const double apothem = std::cos(std::numbers::pi / 5);
  const double flower = 2 * apothem + 1;  // from a flower's middle to its outermost corner
  struct Place {
    Point2 centre;
    double corner0;  // screen angle of corner 0, degrees; corners run clockwise on screen
  };
  std::vector<Place> places(n);
  std::vector<bool> placed(n, false);
  auto placeFlower = [&](Point2 centre, std::size_t f, double edgeAngle) {
    places[f] = {centre, edgeAngle + 36};
    placed[f] = true;
    for (int i = 0; i < 5; ++i) {
      const double angle = edgeAngle + 72 * i;
      const std::size_t m = ring(f, i);
      int back = 0;
      while (ring(m, back) != int(f)) ++back;
      places[m] = {{centre.x + 2 * apothem * std::cos(angle * deg),
                    centre.y + 2 * apothem * std::sin(angle * deg)},
                   angle + 180 - 72 * back + 36};
      placed[m] = true;
    }
  };
  placeFlower({flower, flower}, 0, 90);
  placeFlower({3 * flower + 0.4, flower}, n - 1, -90);
  for (bool p : placed) {
    if (!p) throw std::logic_error(spec.id + ": the two flowers do not cover every face");
  }
  auto netPoint = [&](std::size_t f, double angle, double radius) {
    const Place& p = places[f];
    return Point2{p.centre.x + radius * std::cos((p.corner0 + angle) * deg),
                  p.centre.y + radius * std::sin((p.corner0 + angle) * deg)};
  };

  PictureGeometry g;
  for (std::size_t f = 0; f < n; ++f) {
    for (int i = 0; i < spec.faces[f].stickers; ++i) {
      addSticker(g, int(f), {normals[f], edgeMiddle(f, i + 1), corner(f, i), edgeMiddle(f, i)},
                 {places[f].centre, netPoint(f, 72 * i - 36, apothem), netPoint(f, 72 * i, 1),
                  netPoint(f, 72 * i + 36, apothem)});
    }
    std::vector<Point3> outline;
    std::vector<Point2> flat;
    for (int i = 0; i < 5; ++i) {
      outline.push_back(corner(f, i));
      flat.push_back(netPoint(f, 72 * i, 1));
    }
    g.faces.push_back(outline);
    g.faceNormals.push_back(normals[f]);
    g.netFaces.push_back(flat);
  }
  g.netWidth = 4 * flower + 0.4;
  g.netHeight = 2 * flower;
  return g;
}

// A derived puzzle (PuzzleSpec::geometry): its stickers, faces and net as the geometry layer
// derives them.
PictureGeometry derived(const Puzzle& puzzle) {
  const geometry::Geometry* derived = geometry::geometryOf(puzzle);
  if (!derived) throw std::logic_error(puzzle.id() + ": no geometry");
  const geometry::Net net = geometry::unfold(*derived);
  auto point = [](const geometry::Vec3& v) { return Point3{v.x, v.y, v.z}; };
  auto flat = [](const std::vector<geometry::Point2d>& outline) {
    std::vector<Point2> points;
    for (const auto& p : outline) points.push_back({p.x, p.y});
    return points;
  };
  PictureGeometry g;
  for (std::size_t s = 0; s < derived->stickers.size(); ++s) {
    std::vector<Point3> polygon;
    for (const auto& v : derived->stickers[s].outline) polygon.push_back(point(v));
    addSticker(g, derived->stickers[s].face, polygon, flat(net.stickers[s]));
  }
  for (std::size_t f = 0; f < derived->solid.faces.size(); ++f) {
    const auto& face = derived->solid.faces[f];
    std::vector<Point3> outline;
    for (const auto& v : face.outline) outline.push_back(point(v));
    g.faces.push_back(outline);
    g.faceNormals.push_back(point(face.normal));
    g.netFaces.push_back(flat(net.faces[f]));
  }
  g.netWidth = net.width;
  g.netHeight = net.height;
  return g;
}

PictureGeometry build(const Puzzle& puzzle) {
  const PuzzleSpec& spec = puzzle.spec();
  PictureGeometry g;
  switch (spec.picture.solid) {
    case PictureSpec::Solid::Tetrahedron:
      g = tetrahedron(spec);
      break;
    case PictureSpec::Solid::Cuboid:
      g = cuboid(spec);
      break;
    case PictureSpec::Solid::Dodecahedron:
      g = dodecahedron(spec);
      break;
    case PictureSpec::Solid::Derived:
      g = derived(puzzle);
      break;
    case PictureSpec::Solid::None:
      break;
  }
  if (static_cast<int>(g.stickers.size()) != puzzle.faceletCount()) {
    throw std::logic_error(spec.id + ": the picture has " + std::to_string(g.stickers.size()) +
                           " stickers, the puzzle " + std::to_string(puzzle.faceletCount()));
  }
  return g;
}

}  // namespace

const PictureGeometry* pictureGeometry(const Puzzle& puzzle) {
  if (puzzle.spec().picture.solid == PictureSpec::Solid::None) return nullptr;
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<PictureGeometry>> built;
  const std::lock_guard lock(mutex);
  auto& entry = built[puzzle.id()];
  if (!entry) entry = std::make_unique<PictureGeometry>(build(puzzle));
  return entry.get();
}

}  // namespace polytwist
