#include "core/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace polytwist {
namespace {

void escape(const std::string& text, std::string& out) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace

Json& Json::set(const std::string& key, Json value) {
  if (!std::holds_alternative<Object>(value_)) value_ = Object{};
  Object& object = std::get<Object>(value_);
  for (auto& [name, existing] : object) {
    if (name == key) {
      existing = std::move(value);
      return *this;
    }
  }
  object.emplace_back(key, std::move(value));
  return *this;
}

Json& Json::erase(const std::string& key) {
  if (Object* object = std::get_if<Object>(&value_)) {
    std::erase_if(*object, [&](const auto& member) { return member.first == key; });
  }
  return *this;
}

const Json* Json::find(const std::string& key) const {
  if (const Object* object = std::get_if<Object>(&value_)) {
    for (const auto& [name, value] : *object) {
      if (name == key) return &value;
    }
  }
  return nullptr;
}

std::string Json::dump() const {
  std::string out;
  write(out);
  return out;
}

void Json::write(std::string& out) const {
  if (std::holds_alternative<std::nullptr_t>(value_)) {
    out += "null";
  } else if (const bool* b = std::get_if<bool>(&value_)) {
    out += *b ? "true" : "false";
  } else if (const double* d = std::get_if<double>(&value_)) {
    char buffer[32];
    if (std::isfinite(*d) && *d == std::floor(*d) && std::fabs(*d) < 9.007199254740992e15) {
      std::snprintf(buffer, sizeof buffer, "%.0f", *d);
    } else if (std::isfinite(*d)) {
      // The shortest of 15 or 17 significant digits that reads back as the same double: geometry
      // coordinates keep their precision, and 0.1 stays 0.1.
      std::snprintf(buffer, sizeof buffer, "%.15g", *d);
      if (std::strtod(buffer, nullptr) != *d) std::snprintf(buffer, sizeof buffer, "%.17g", *d);
    } else {
      std::snprintf(buffer, sizeof buffer, "null");
    }
    out += buffer;
  } else if (const std::string* s = std::get_if<std::string>(&value_)) {
    escape(*s, out);
  } else if (const Array* a = std::get_if<Array>(&value_)) {
    out += '[';
    for (std::size_t i = 0; i < a->size(); ++i) {
      if (i > 0) out += ',';
      (*a)[i].write(out);
    }
    out += ']';
  } else if (const Object* o = std::get_if<Object>(&value_)) {
    out += '{';
    for (std::size_t i = 0; i < o->size(); ++i) {
      if (i > 0) out += ',';
      escape((*o)[i].first, out);
      out += ':';
      (*o)[i].second.write(out);
    }
    out += '}';
  }
}

}  // namespace polytwist
