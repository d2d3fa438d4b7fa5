// Numpy's .npy files (format version 1.0), two-dimensional, C order: what
// tools/lib/selfplay/dataset writes and tools/train reads with numpy.load.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace kd {

template <typename T>
const char* npy_type() {
    static_assert(std::is_same<T, float>::value || std::is_same<T, int16_t>::value, "float32 or int16");
    return std::is_same<T, float>::value ? "<f4" : "<i2";
}

// Writes `values` as an array of values.size() / columns rows; false when it cannot.
template <typename T>
bool write_npy(const std::string& path, const std::vector<T>& values, size_t columns) {
    std::string header = "{'descr': '" + std::string(npy_type<T>()) + "', 'fortran_order': False, 'shape': (" +
                         std::to_string(values.size() / columns) + ", " + std::to_string(columns) + "), }";
    // The magic, version and length take 10 bytes; the header is padded so that data starts at a multiple of 64.
    header.append(63 - (10 + header.size()) % 64, ' ');
    header += '\n';
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return false;
    const uint16_t length = uint16_t(header.size());
    std::fwrite("\x93NUMPY\x01\x00", 1, 8, f);
    std::fwrite(&length, 2, 1, f);
    std::fwrite(header.data(), 1, header.size(), f);
    std::fwrite(values.data(), sizeof(T), values.size(), f);
    return std::fclose(f) == 0;
}

}  // namespace kd
