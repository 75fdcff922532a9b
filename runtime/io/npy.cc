#include "runtime/io/npy.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "ir/base/file_io.h"

namespace rlx::runtime {
namespace {

// The longest header accepted (numpy writes a few hundred bytes and reads at most 10000 by
// default).
constexpr size_t kMaxNpyHeaderBytes = size_t{1} << 20;

// A tiny reader of the header's Python literal dict.
class HeaderParser {
 public:
  explicit HeaderParser(std::string s) : s_(std::move(s)) {}

  bool Parse(std::string* descr, bool* fortran, std::vector<int64_t>* shape, std::string* error) {
    int seen = 0;
    Skip();
    if (!Eat('{')) return Bad(error, "the header is not a dict");
    while (true) {
      Skip();
      if (Eat('}')) break;
      std::string key;
      if (!String(&key)) return Bad(error, "a header key is not a string");
      Skip();
      if (!Eat(':')) return Bad(error, "expected ':' in the header");
      Skip();
      if (key == "descr") {
        if (!String(descr)) return Bad(error, "'descr' is not a string (structured dtypes are not supported)");
        seen |= 1;
      } else if (key == "fortran_order") {
        if (s_.compare(i_, 4, "True") == 0) *fortran = true, i_ += 4;
        else if (s_.compare(i_, 5, "False") == 0) *fortran = false, i_ += 5;
        else return Bad(error, "'fortran_order' is not True or False");
        seen |= 2;
      } else if (key == "shape") {
        if (!Tuple(shape, error)) return false;
        seen |= 4;
      } else {
        return Bad(error, "unknown header key '" + key + "'");
      }
      Skip();
      if (Eat(',')) continue;
      Skip();
      if (Eat('}')) break;
      return Bad(error, "expected ',' or '}' in the header");
    }
    if (seen != 7) return Bad(error, "the header lacks 'descr', 'fortran_order' or 'shape'");
    Skip();
    if (i_ != s_.size()) return Bad(error, "text after the header dict");
    return true;
  }

 private:
  bool Bad(std::string* error, const std::string& why) {
    *error = why;
    return false;
  }
  void Skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t')) ++i_;
  }
  bool Eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool String(std::string* out) {
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) return false;
    char q = s_[i_++];
    size_t end = s_.find(q, i_);
    if (end == std::string::npos) return false;
    *out = s_.substr(i_, end - i_);
    i_ = end + 1;
    return true;
  }
  bool Tuple(std::vector<int64_t>* out, std::string* error) {
    if (!Eat('(')) return Bad(error, "'shape' is not a tuple");
    while (true) {
      Skip();
      if (Eat(')')) return true;
      if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) {
        return Bad(error, "a shape entry is not a non-negative integer");
      }
      unsigned __int128 v = 0;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
        v = v * 10 + static_cast<unsigned>(s_[i_++] - '0');
        if (v > static_cast<unsigned __int128>(INT64_MAX)) return Bad(error, "a shape entry overflows int64");
      }
      out->push_back(static_cast<int64_t>(v));
      Skip();
      if (Eat(',')) continue;
      Skip();
      if (Eat(')')) return true;
      return Bad(error, "malformed shape tuple");
    }
  }

  const std::string s_;
  size_t i_ = 0;
};

bool DTypeFromDescr(const std::string& d, DataType* out, bool* big_endian) {
  if (d.size() < 3) return false;
  char order = d[0];
  if (order != '<' && order != '>' && order != '|' && order != '=') return false;
  *big_endian = order == '>';
  std::string t = d.substr(1);
  static const std::pair<const char*, DataType> kTable[] = {
      {"b1", DataType::kBool},    {"i1", DataType::kInt8},    {"i2", DataType::kInt16},
      {"i4", DataType::kInt32},   {"i8", DataType::kInt64},   {"u1", DataType::kUInt8},
      {"u2", DataType::kUInt16},  {"u4", DataType::kUInt32},  {"u8", DataType::kUInt64},
      {"f2", DataType::kFloat16}, {"f4", DataType::kFloat32}, {"f8", DataType::kFloat64}};
  for (const auto& [name, dt] : kTable) {
    if (t == name) {
      *out = dt;
      return true;
    }
  }
  return false;
}

uint32_t LittleEndian(const std::string& b, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(b[at + i]);
  return v;
}

// The fixed preamble: magic, version and header length. `bytes` holds at least its first 10
// bytes or all of the file. Sets `data_at` (where the data starts).
bool ParsePreamble(const std::string& bytes, size_t* header_at, size_t* data_at, std::string* error) {
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
    *error = "not a .npy file (bad magic)";
    return false;
  }
  const int major = static_cast<uint8_t>(bytes[6]), minor = static_cast<uint8_t>(bytes[7]);
  if (minor != 0 || major < 1 || major > 3) {
    *error = "unsupported .npy version " + std::to_string(major) + "." + std::to_string(minor);
    return false;
  }
  const size_t len_bytes = major == 1 ? 2 : 4;
  if (bytes.size() < 8 + len_bytes) {
    *error = "truncated header length";
    return false;
  }
  const size_t header_len = LittleEndian(bytes, 8, static_cast<int>(len_bytes));
  if (header_len > kMaxNpyHeaderBytes) {
    *error = "the header is longer than " + std::to_string(kMaxNpyHeaderBytes) + " bytes";
    return false;
  }
  *header_at = 8 + len_bytes;
  *data_at = *header_at + header_len;
  return true;
}

struct NpyHeader {
  DataType dtype = DataType::kVoid;
  bool big = false, fortran = false;
  std::vector<int64_t> shape;
  int64_t count = 0, nbytes = 0;
};

// The header dict, checked against the limit on the array's bytes before any data is read.
bool ParseHeader(const std::string& text, int64_t max_bytes, NpyHeader* h, std::string* error) {
  std::string descr;
  HeaderParser parser(text);
  if (!parser.Parse(&descr, &h->fortran, &h->shape, error)) return false;
  if (!DTypeFromDescr(descr, &h->dtype, &h->big)) {
    *error = "unsupported dtype '" + descr + "'";
    return false;
  }
  int64_t count = 1;
  bool empty = std::find(h->shape.begin(), h->shape.end(), 0) != h->shape.end();
  for (int64_t d : h->shape) {
    if (!empty && __builtin_mul_overflow(count, d, &count)) {
      *error = "the shape's element count overflows int64";
      return false;
    }
  }
  if (empty) count = 0;
  h->count = count;
  const int es = DataTypeBytes(h->dtype);
  if (__builtin_mul_overflow(count, static_cast<int64_t>(es), &h->nbytes) || h->nbytes > max_bytes) {
    *error = "the array is larger than the limit of " + std::to_string(max_bytes) + " bytes";
    return false;
  }
  return true;
}

// The tensor from exactly `h.nbytes` bytes at `src`.
std::shared_ptr<TensorData> Decode(const NpyHeader& h, const uint8_t* src) {
  auto t = std::make_shared<TensorData>(h.dtype, h.shape);
  const std::vector<int64_t>& shape = h.shape;
  const int es = DataTypeBytes(h.dtype);
  uint8_t* dst = t->mutable_data();
  const int rank = static_cast<int>(shape.size());
  // Row-major strides of the destination; the source index walks Fortran order if needed.
  std::vector<int64_t> idx(rank, 0), row_strides(rank, 1);
  for (int d = rank - 2; d >= 0; --d) row_strides[d] = row_strides[d + 1] * shape[d + 1];
  for (int64_t i = 0; i < h.count; ++i) {
    int64_t out = i;
    if (h.fortran && rank > 1) {
      out = 0;
      for (int d = 0; d < rank; ++d) out += idx[d] * row_strides[d];
      for (int d = 0; d < rank; ++d) {  // Fortran order: the first index varies fastest
        if (++idx[d] < shape[d]) break;
        idx[d] = 0;
      }
    }
    for (int b = 0; b < es; ++b) dst[out * es + b] = src[i * es + (h.big ? es - 1 - b : b)];
  }
  return t;
}

}  // namespace

std::shared_ptr<TensorData> ReadNpy(const std::string& bytes, std::string* error, int64_t max_bytes) {
  size_t header_at = 0, data_at = 0;
  if (!ParsePreamble(bytes, &header_at, &data_at, error)) return nullptr;
  if (data_at > bytes.size()) {
    *error = "the header runs past the end of the file";
    return nullptr;
  }
  NpyHeader h;
  if (!ParseHeader(bytes.substr(header_at, data_at - header_at), max_bytes, &h, error)) return nullptr;
  if (bytes.size() - data_at != static_cast<size_t>(h.nbytes)) {
    *error = bytes.size() - data_at < static_cast<size_t>(h.nbytes) ? "the data is shorter than the shape needs"
                                                                     : "bytes after the data";
    return nullptr;
  }
  return Decode(h, reinterpret_cast<const uint8_t*>(bytes.data() + data_at));
}

std::shared_ptr<TensorData> ReadNpyFile(const std::string& path, std::string* error, int64_t max_bytes) {
  // The header first, checked against the limits; then exactly the data it declares, so that
  // neither a huge file nor one that never ends (/dev/zero) is read beyond what the limit allows.
  std::string why;
  auto fail = [&](const std::string& message) {
    *error = "'" + path + "': " + message;
    return nullptr;
  };
  FileReader in;
  if (!in.Open(path, error)) return nullptr;
  std::string bytes;
  if (!in.Read(12, &bytes, error)) return nullptr;  // the longest preamble (versions 2 and 3)
  size_t header_at = 0, data_at = 0;
  if (!ParsePreamble(bytes, &header_at, &data_at, &why)) return fail(why);
  if (bytes.size() < data_at && !in.Read(data_at - bytes.size(), &bytes, error)) return nullptr;
  if (bytes.size() < data_at) return fail("the header runs past the end of the file");
  NpyHeader h;
  if (!ParseHeader(bytes.substr(header_at, data_at - header_at), max_bytes, &h, &why)) return fail(why);
  bytes.erase(0, data_at);  // what was read past the header (version 1's preamble is shorter)
  const size_t nbytes = static_cast<size_t>(h.nbytes);
  if (bytes.size() < nbytes && !in.Read(nbytes - bytes.size(), &bytes, error)) return nullptr;
  if (bytes.size() < nbytes) return fail("the data is shorter than the shape needs");
  if (bytes.size() > nbytes) return fail("bytes after the data");
  std::string read_error;
  if (!in.AtEnd(&read_error)) {
    if (!read_error.empty()) *error = read_error;
    return read_error.empty() ? fail("bytes after the data") : nullptr;
  }
  return Decode(h, reinterpret_cast<const uint8_t*>(bytes.data()));
}

std::string WriteNpy(const TensorData& t) {
  // bfloat16 and the float8 types have no numpy descr: written widened to float32 (exact).
  const bool bf16 = t.dtype() == DataType::kBFloat16 || IsFloat8(t.dtype());
  static const std::pair<DataType, const char*> kDescr[] = {
      {DataType::kBool, "|b1"},    {DataType::kInt8, "|i1"},    {DataType::kInt16, "<i2"},
      {DataType::kInt32, "<i4"},   {DataType::kInt64, "<i8"},   {DataType::kUInt8, "|u1"},
      {DataType::kUInt16, "<u2"},  {DataType::kUInt32, "<u4"},  {DataType::kUInt64, "<u8"},
      {DataType::kFloat16, "<f2"}, {DataType::kFloat32, "<f4"}, {DataType::kFloat64, "<f8"},
      {DataType::kBFloat16, "<f4"}};
  std::string descr = "<f4";
  for (const auto& [dt, d] : kDescr) {
    if (dt == t.dtype()) descr = d;
  }
  std::string shape = "(";
  for (size_t i = 0; i < t.shape().size(); ++i) shape += (i ? ", " : "") + std::to_string(t.shape()[i]);
  shape += t.shape().size() == 1 ? ",)" : ")";
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad with spaces so that the data starts at a multiple of 64, ending the header with '\n'.
  size_t total = 10 + header.size() + 1;
  header += std::string((64 - total % 64) % 64, ' ') + "\n";
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  out += header;
  if (bf16) {
    for (int64_t i = 0; i < t.num_elements(); ++i) {
      float f = static_cast<float>(t.GetDouble(i));
      char b[4];
      std::memcpy(b, &f, 4);
      out.append(b, 4);
    }
  } else {
    out.append(reinterpret_cast<const char*>(t.data()), t.nbytes());
  }
  return out;
}

}  // namespace rlx::runtime
