// Whole files read and written in one piece, as the kit's readers take them
// (replays, run summaries, positions, self-play records) and its tools write them.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace kd {

// The bytes of the file at `path`; false when it cannot be read.
inline bool read_file(const std::string& path, std::string& text) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << file.rdbuf();
    text = bytes.str();
    return bool(file);
}

// Writes `text` as the whole file at `path`; false when it cannot.
inline bool write_file(const std::string& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    return !file.fail();
}

}  // namespace kd
