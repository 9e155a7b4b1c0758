// A minimal JSON value: enough to build the answers of the CLI and the JS API, keep object keys in
// insertion order, and read fields back for the CLI's plain-text output.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace polytwist {

class Json {
 public:
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() = default;
  Json(bool value) : value_(value) {}
  Json(int value) : value_(static_cast<double>(value)) {}
  Json(std::uint64_t value) : value_(static_cast<double>(value)) {}
  Json(double value) : value_(value) {}
  Json(const char* value) : value_(std::string(value)) {}
  Json(std::string value) : value_(std::move(value)) {}
  Json(Array value) : value_(std::move(value)) {}
  Json(Object value) : value_(std::move(value)) {}
  // Copies build the alternative in place: libstdc++ 12's own variant copy, when the copy of a
  // string or vector throws (std::bad_alloc), destroys a value that was never made (undefined
  // behaviour; tests/faults found it). Moves never throw.
  Json(const Json& other) : value_(copyOf(other.value_)) {}
  Json(Json&&) noexcept = default;
  Json& operator=(const Json& other) {
    value_ = copyOf(other.value_);
    return *this;
  }
  Json& operator=(Json&&) noexcept = default;

  // Adds (or replaces) a key of an object.
  Json& set(const std::string& key, Json value);
  Json& erase(const std::string& key);
  const Json* find(const std::string& key) const;
  bool isString() const { return std::holds_alternative<std::string>(value_); }
  bool isArray() const { return std::holds_alternative<Array>(value_); }
  const std::string& string() const { return std::get<std::string>(value_); }
  double number() const { return std::get<double>(value_); }
  bool boolean() const { return std::get<bool>(value_); }
  const Array& array() const { return std::get<Array>(value_); }
  std::string dump() const;

 private:
  using Value = std::variant<std::nullptr_t, bool, double, std::string, Array, Object>;
  static Value copyOf(const Value& value) {
    return std::visit(
        [](const auto& alternative) {
          return Value(std::in_place_type<std::decay_t<decltype(alternative)>>, alternative);
        },
        value);
  }
  void write(std::string& out) const;
  Value value_ = nullptr;
};

}  // namespace polytwist
