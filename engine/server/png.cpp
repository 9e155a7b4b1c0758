#include "server/png.hpp"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cmath>

namespace polytwist::server {

std::optional<std::string> svgToPng(std::string_view svg, std::string& error) {
  GError* gerror = nullptr;
  RsvgHandle* handle =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &gerror);
  if (!handle) {
    error = gerror ? gerror->message : "librsvg could not read the SVG";
    if (gerror) g_error_free(gerror);
    return std::nullopt;
  }
  gdouble width = 0, height = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
    width = height = 256;  // no width/height in pixels: VisualCube's default size
  }
  const int pixelsWide = static_cast<int>(std::ceil(width));
  const int pixelsHigh = static_cast<int>(std::ceil(height));
  if (pixelsWide < 1 || pixelsHigh < 1 || pixelsWide > 4096 || pixelsHigh > 4096) {
    g_object_unref(handle);
    error = "picture of " + std::to_string(pixelsWide) + "x" + std::to_string(pixelsHigh) +
            " pixels (1 to 4096 a side)";
    return std::nullopt;
  }
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelsWide, pixelsHigh);
  cairo_t* context = cairo_create(surface);
  const RsvgRectangle viewport{0, 0, static_cast<double>(pixelsWide),
                               static_cast<double>(pixelsHigh)};
  const bool drawn = rsvg_handle_render_document(handle, context, &viewport, &gerror);
  cairo_destroy(context);
  g_object_unref(handle);
  std::string png;
  if (drawn) {
    cairo_surface_flush(surface);
    const auto append = [](void* closure, const unsigned char* data,
                           unsigned int length) -> cairo_status_t {
      static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
      return CAIRO_STATUS_SUCCESS;
    };
    if (cairo_surface_write_to_png_stream(surface, append, &png) != CAIRO_STATUS_SUCCESS) {
      error = "cairo could not write the PNG";
      png.clear();
    }
  } else {
    error = gerror ? gerror->message : "librsvg could not draw the SVG";
  }
  if (gerror) g_error_free(gerror);
  cairo_surface_destroy(surface);
  if (png.empty()) return std::nullopt;
  return png;
}

}  // namespace polytwist::server
