// The run summary and the merge of chunk files (tools/referee/: run_record.h,
// summary_json.h, summary_json_read.h, merge.h):
// a match cut into chunks of seeds and merged back gives, byte for byte, the
// --json of the whole match; games counted twice, bots at the wrong seats and
// chunks of another match are refused; an SPRT stops the merge at the chunk
// where it decides. Two runs of the same deals compare game by game
// (paired.h): the same games give no difference, a bot that turns every
// game into a win gains exactly its losses, and unpaired games are left out.
#include <gtest/gtest.h>

#include <random>

#include "merge.h"
#include "paired.h"
#include "run_record.h"
#include "summary_json.h"
#include "summary_json_read.h"

namespace kd {
namespace {

// A match of `games` games from `seed` with made-up results, as a referee
// would have recorded it; `noise` varies scores and times.
std::vector<GameRecord> made_up_games(int players, int bots, uint64_t seed, long games, unsigned noise) {
    std::mt19937 rng(noise);
    std::vector<GameRecord> out(static_cast<size_t>(games));
    for (long k = 0; k < games; ++k) {
        GameRecord& g = out[size_t(k)];
        g.game = k;
        g.seed = seed + uint64_t(k / players);
        std::vector<int> score(static_cast<size_t>(players));
        for (int& s : score) s = int(rng() % 12) + 20;  // ties happen
        int best = *std::max_element(score.begin(), score.end());
        int firsts = int(std::count(score.begin(), score.end(), best));
        for (int s = 0; s < players; ++s) {
            SeatOutcome so;
            so.entrant = seat_entrant(players, bots, k, s);
            so.score = score[size_t(s)];
            so.points = score[size_t(s)] != best ? 0.0 : firsts == 1 ? 1.0 : 0.5;
            so.rank = 1;
            for (int p = 0; p < players; ++p) so.rank += score[size_t(p)] > score[size_t(s)];
            so.best_other = -1;
            for (int p = 0; p < players; ++p)
                if (p != s) so.best_other = std::max(so.best_other, score[size_t(p)]);
            so.report.timeouts = rng() % 17 == 0;
            so.report.crashes = rng() % 23 == 0;
            if (so.report.crashes) so.report.fault = "crash: \"closed\"\n\xc3\xa9";
            so.report.first_answer_ms = quantize(5 + (rng() % 100000) / 997.0, kAnswerDecimals);
            for (int a = 0; a < 12; ++a)
                so.report.answer_ms.push_back(quantize((rng() % 50000) / 1009.0, kAnswerDecimals));
            g.seats.push_back(so);
        }
        for (int r = 0; r < 14; ++r) g.overhead_ms.push_back(quantize((rng() % 1000) / 10007.0, kOverheadDecimals));
    }
    return out;
}

RunInfo match_info(const char* variant, int bots, uint64_t seed) {
    RunInfo info;
    info.variant = variant_by_name(variant);
    info.seed = seed;
    info.jobs = 2;
    info.elapsed_s = 12.5;
    for (int b = 0; b < bots; ++b) info.bots.push_back("./bot --set x=" + std::to_string(b) + " \"q\\\"");
    return info;
}

// The --json file a referee would write for the games [first, last) of the
// match, run alone with --seed at the chunk's first seed.
RunFile chunk_file(const RunInfo& whole, const std::vector<GameRecord>& games, long first, long last,
                   const std::string& name) {
    const int group = whole.variant->players;
    RunInfo info = whole;
    info.seed = whole.seed + uint64_t(first / group);
    info.jobs = 1;
    info.elapsed_s = 1.25;
    std::vector<GameRecord> part;
    for (long k = first; k < last; ++k) {
        part.push_back(games[size_t(k)]);
        part.back().game = k - first;  // a chunk numbers its games from 0
    }
    RunFile file;
    std::string error;
    EXPECT_TRUE(read_run_file(name, summary_json(info, part), file, error)) << error;
    return file;
}

// The merged summary with the whole run's own jobs and time, to compare byte for byte.
std::string merged_json(const std::vector<RunFile>& files, const RunInfo& whole, const SprtParams* sprt = nullptr) {
    RunInfo info;
    std::vector<GameRecord> games;
    std::string error;
    EXPECT_TRUE(merge_runs(files, sprt, info, games, error)) << error;
    info.chunks = 0;
    info.chunks_left_out = 0;
    info.jobs = whole.jobs;
    info.elapsed_s = whole.elapsed_s;
    return summary_json(info, games);
}

// Why merge_runs refuses these files ("" when it merges them).
std::string merge_error(const std::vector<RunFile>& files) {
    RunInfo info;
    std::vector<GameRecord> merged;
    std::string error;
    return merge_runs(files, nullptr, info, merged, error) ? "" : error;
}

// Each bot's mean rank and its interval, from the games' ranks: what
// CodinGame rates with three and four players, beside the first places.
TEST(Summary, MeanRankIsEachBotsRanksAveraged) {
    const std::vector<GameRecord> games = made_up_games(4, 2, 100, 400, 9);
    const RunSummary s = summarize(match_info("4p", 2, 100), games);
    for (int bot = 0; bot < 2; ++bot) {
        double sum = 0;
        long n = 0;
        for (const GameRecord& g : games)
            for (const SeatOutcome& seat : g.seats)
                if (seat.entrant == bot) sum += seat.rank, ++n;
        const MeanInterval m = s.entrants[size_t(bot)].mean_rank();
        EXPECT_EQ(m.n, n);
        EXPECT_NEAR(m.mean, sum / double(n), 1e-12);
        EXPECT_LT(m.low, m.mean);
        EXPECT_GT(m.high, m.mean);
        EXPECT_LT(m.high - m.low, 0.3) << "800 ranks of 1-4 pin the mean down";
    }
    const Json json = Json::parse(summary_json(match_info("4p", 2, 100), games));
    EXPECT_NEAR(json["bots"][0]["mean_rank"].get<double>(), s.entrants[0].mean_rank().mean, 1e-4);
}

TEST(Summary, JsonRoundTripsExactly) {
    RunInfo info = match_info("2p", 2, 7);
    auto games = made_up_games(2, 2, 7, 30, 1);
    std::string text = summary_json(info, games);
    RunFile back;
    std::string error;
    ASSERT_TRUE(read_run_file("whole", text, back, error)) << error;
    EXPECT_EQ(back.info.bots, info.bots);
    EXPECT_EQ(summary_json(back.info, back.games), text);
}

TEST(Summary, ChunksMergeIntoTheWholeMatch) {
    struct Case {
        const char* variant;
        int bots;
        long games;
        std::vector<long> cuts;  // chunk boundaries, multiples of the group
    };
    for (const Case& c : {Case{"2p", 2, 40, {0, 6, 8, 26, 40}}, Case{"duel", 2, 22, {0, 2, 22}},
                          Case{"3p", 3, 27, {0, 9, 12, 27}}, Case{"4p", 2, 28, {0, 4, 16, 28}},
                          Case{"4p", 3, 26, {0, 8, 24, 26}}}) {  // the last seed cut short, as --games allows
        RunInfo whole = match_info(c.variant, c.bots, 100);
        auto games = made_up_games(whole.variant->players, c.bots, 100, c.games, 5);
        std::vector<RunFile> files;
        for (size_t i = 0; i + 1 < c.cuts.size(); ++i)
            files.push_back(chunk_file(whole, games, c.cuts[i], c.cuts[i + 1], "chunk" + std::to_string(i)));
        std::reverse(files.begin(), files.end());  // chunks come back in any order
        EXPECT_EQ(merged_json(files, whole), summary_json(whole, games)) << c.variant;
    }
}

TEST(Summary, MergedFilesMergeAgain) {
    RunInfo whole = match_info("2p", 2, 3);
    auto games = made_up_games(2, 2, 3, 24, 9);
    std::vector<RunFile> first_half = {chunk_file(whole, games, 0, 6, "a"), chunk_file(whole, games, 6, 12, "b")};
    RunInfo info;
    std::vector<GameRecord> merged;
    std::string error;
    ASSERT_TRUE(merge_runs(first_half, nullptr, info, merged, error)) << error;
    EXPECT_EQ(info.chunks, 2);
    RunFile half;
    ASSERT_TRUE(read_run_file("half", summary_json(info, merged), half, error)) << error;
    EXPECT_EQ(half.info.chunks, 2);
    std::vector<RunFile> files = {chunk_file(whole, games, 12, 24, "c"), half};
    EXPECT_EQ(merged_json(files, whole), summary_json(whole, games));
}

TEST(Summary, GameCountedTwiceIsRefused) {
    RunInfo whole = match_info("2p", 2, 1);
    auto games = made_up_games(2, 2, 1, 20, 2);
    std::string error = merge_error({chunk_file(whole, games, 0, 10, "first.json"),
                                     chunk_file(whole, games, 8, 20, "second.json")});
    EXPECT_NE(error.find("game 8 (seed 5) is in both first.json and second.json"), std::string::npos) << error;
}

TEST(Summary, BotsAtOtherSeatsAreRefused) {
    // A 3p chunk cut in the middle of a seed's rotation, renumbered from 0:
    // its games do not seat the bots as the match did.
    RunInfo whole = match_info("3p", 3, 1);
    auto games = made_up_games(3, 3, 1, 12, 2);
    std::string error = merge_error({chunk_file(whole, games, 0, 6, "a"), chunk_file(whole, games, 7, 12, "b")});
    EXPECT_NE(error.find("other seats"), std::string::npos) << error;
}

TEST(Summary, ChunksOfAnotherMatchAreRefused) {
    RunInfo whole = match_info("2p", 2, 1);
    auto games = made_up_games(2, 2, 1, 8, 2);
    RunFile other = chunk_file(whole, games, 4, 8, "other");
    other.info.bots[1] = "./greedy";
    std::string error = merge_error({chunk_file(whole, games, 0, 4, "mine"), other});
    EXPECT_NE(error.find("not a chunk of the same match"), std::string::npos) << error;
}

TEST(Summary, TruncatedOrForeignFilesAreRefused) {
    RunInfo whole = match_info("2p", 2, 1);
    auto games = made_up_games(2, 2, 1, 8, 2);
    std::string text = summary_json(whole, games);
    RunFile file;
    std::string error;
    EXPECT_FALSE(read_run_file("cut", text.substr(0, text.size() / 2), file, error));
    EXPECT_NE(error.find("not JSON"), std::string::npos) << error;
    std::string fewer = text;
    fewer.replace(fewer.find("\"games\":8"), 9, "\"games\":9");
    EXPECT_FALSE(read_run_file("count", fewer, file, error));
    EXPECT_NE(error.find("says 9 games but lists 8"), std::string::npos) << error;
    EXPECT_FALSE(read_run_file("old", "{\"variant\":\"2p\",\"rule\":\"match\"}", file, error));
}

TEST(Summary, SprtStopsAtTheChunkWhereItDecides) {
    // Bot 0 wins every game: the test accepts H1 after a few pairs.
    RunInfo whole = match_info("2p", 2, 1);
    auto games = made_up_games(2, 2, 1, 80, 4);
    for (GameRecord& g : games)
        for (SeatOutcome& s : g.seats) {
            s.points = s.entrant == 0 ? 1.0 : 0.0;
            s.rank = s.entrant == 0 ? 1 : 2;
        }
    SprtParams sprt;
    sprt.elo1 = 150;  // decides within a few chunks of all-won pairs
    std::vector<RunFile> files;
    for (long first = 0; first < 80; first += 8) files.push_back(chunk_file(whole, games, first, first + 8, "c"));
    std::swap(files[0], files[5]);  // arrival order
    RunInfo info;
    std::vector<GameRecord> merged;
    std::string error;
    ASSERT_TRUE(merge_runs(files, &sprt, info, merged, error)) << error;
    // The first prefix of files (in the order given) at which the test decides.
    size_t decided = 0;
    for (size_t n = 1; n <= files.size() && !decided; ++n) {
        std::array<long, 5> pairs{};
        pairs[4] = long(n) * 4;
        if (sprt_pentanomial(pairs, sprt).decision == SprtDecision::AcceptH1) decided = n;
    }
    ASSERT_GT(decided, 1u);
    ASSERT_LT(decided, files.size());
    EXPECT_EQ(info.chunks, int(decided));
    EXPECT_EQ(info.chunks_left_out, int(files.size() - decided));
    EXPECT_EQ(played_games(merged), long(decided) * 8);
    EXPECT_EQ(merged[40].seed, 21u);  // files[0] holds games 40..47 (seeds 21..24)
    EXPECT_TRUE(info.sprt);
    EXPECT_NE(summary_json(info, merged).find("\"decision\":\"H1\""), std::string::npos);
}

// The run file of `games` as the referee would write it.
RunFile run_file(const RunInfo& info, const std::vector<GameRecord>& games, const std::string& name) {
    RunFile file;
    std::string error;
    EXPECT_TRUE(read_run_file(name, summary_json(info, games), file, error)) << error;
    return file;
}

TEST(Paired, TheSameGamesDifferInNothing) {
    RunInfo info = match_info("4p", 4, 10);
    auto games = made_up_games(4, 4, 10, 40, 3);
    PairedComparison c;
    std::string error;
    ASSERT_TRUE(compare_paired(run_file(info, games, "a"), run_file(info, games, "b"), c, error)) << error;
    EXPECT_EQ(c.deals, 10);
    EXPECT_EQ(c.games, 40);
    EXPECT_EQ(c.unpaired_games, 0);
    for (const PairedEntrant& p : c.entrants) {
        EXPECT_EQ(p.seats, 40);
        EXPECT_EQ(p.changed, 0);
        EXPECT_EQ(p.points_a, p.points_b);
        EXPECT_EQ(p.points_diff.low, 0.0);
        EXPECT_EQ(p.points_diff.high, 0.0);
        EXPECT_EQ(p.score_diff.mean, 0.0);
    }
}

TEST(Paired, AWinOfEveryGameGainsItsLosses) {
    for (const char* variant : {"2p", "3p"}) {
        RunInfo info = match_info(variant, variant_by_name(variant)->players, 1);
        const int group = info.variant->players;
        auto before = made_up_games(group, group, 1, 30 * group, 7);
        auto after = before;
        for (GameRecord& g : after)
            for (SeatOutcome& s : g.seats) {
                s.points = s.entrant == 0 ? 1.0 : 0.0;
                s.rank = s.entrant == 0 ? 1 : 2;
                if (s.entrant == 0) s.score += 3;
            }
        PairedComparison c;
        std::string error;
        ASSERT_TRUE(compare_paired(run_file(info, after, "after"), run_file(info, before, "before"), c, error)) << error;
        const PairedEntrant& me = c.entrants[0];
        EXPECT_EQ(me.points_a, 1.0) << variant;
        EXPECT_NEAR(me.points_diff.mean, 1.0 - me.points_b, 1e-12) << variant;
        EXPECT_LT(me.points_diff.low, me.points_diff.mean);  // the deals differ in what was lost
        EXPECT_GT(me.points_diff.high, me.points_diff.mean);
        EXPECT_NEAR(me.score_diff.mean, 3.0, 1e-12);
        EXPECT_NEAR(me.score_diff.low, 3.0, 1e-9);  // every deal gained exactly 3: no spread
        long lost = 0;
        for (const GameRecord& g : before)
            for (const SeatOutcome& s : g.seats) lost += s.entrant == 0 && s.points < 1.0;
        EXPECT_EQ(me.changed, lost) << variant;
        EXPECT_LT(c.entrants[1].points_diff.mean, 0.0) << variant;
    }
}

TEST(Paired, UnfinishedDealsAndOtherMatchesAreLeftOut) {
    RunInfo info = match_info("2p", 2, 1);
    auto games = made_up_games(2, 2, 1, 20, 4);
    auto cut = games;
    cut[5].seats.clear();  // seed 3 lost one of its two games
    cut.resize(16);        // seeds 9 and 10 not played
    PairedComparison c;
    std::string error;
    ASSERT_TRUE(compare_paired(run_file(info, games, "whole"), run_file(info, cut, "cut"), c, error)) << error;
    EXPECT_EQ(c.deals, 7);
    EXPECT_EQ(c.games, 14);
    EXPECT_EQ(c.unpaired_games, 20 + 15 - 28);
    RunInfo other = match_info("3p", 3, 1);
    EXPECT_FALSE(compare_paired(run_file(info, games, "a"), run_file(other, made_up_games(3, 3, 1, 9, 4), "b"), c,
                                error));
    EXPECT_NE(error.find("not runs of the same deals"), std::string::npos) << error;
    RunInfo later = match_info("2p", 2, 100);
    EXPECT_FALSE(compare_paired(run_file(info, games, "a"), run_file(later, made_up_games(2, 2, 100, 8, 4), "b"), c,
                                error));
    EXPECT_NE(error.find("no deal"), std::string::npos) << error;
}

// What json.h adds to the library: decimals to their places, seeds exact,
// errors that say where, a nesting limit, reads that chain through what is missing.
TEST(Json, DecimalsAreWrittenToTheirPlaces) {
    EXPECT_EQ(json_text(decimal(12.3456)), "12.346");
    EXPECT_EQ(json_text(decimal(0.5)), "0.5");
    EXPECT_EQ(json_text(decimal(7.0)), "7.0");
    EXPECT_EQ(json_text(decimal(2.0 / 3.0, 4)), "0.6667");
    EXPECT_EQ(json_text(decimal(-0.0004)), "0.0") << "no negative zero";
    EXPECT_EQ(json_text(decimal(std::nan(""))), "null");
    EXPECT_EQ(json_text(decimal(1.0 / 0.0)), "null");
    for (double t : {0.001, 0.1, 0.3, 12.345, 999.999, 1234567.891}) {
        Json back;
        std::string error;
        ASSERT_TRUE(parse_json(json_text(decimal(t)), back, error)) << error;
        EXPECT_EQ(json_text(decimal(back.get<double>())), json_text(decimal(t))) << "written again the same: " << t;
    }
}

TEST(Json, SeedsAndTextReadBackExactly) {
    const std::string text = std::string("tab\t quote\" back\\ nl\n ctl\x01 del\x7f caf\xc3\xa9 ") + "\xe2\x82\xac";
    const Json j = {{"s", text}, {"seed", 18446744073709551615ULL}, {"n", -12}, {"a", {true, nullptr, Json::object()}}};
    Json v;
    std::string error;
    ASSERT_TRUE(parse_json(json_text(j), v, error)) << error;
    EXPECT_EQ(string_at(v, "/s"), text);
    EXPECT_EQ(v["seed"].get<uint64_t>(), 18446744073709551615ULL);
    EXPECT_EQ(integer_at(v, "/n"), -12);
    EXPECT_TRUE(at(v, "/a/1").is_null());
    EXPECT_EQ(json_text(v), json_text(j)) << "keys in the order written";
    ASSERT_TRUE(parse_json("\"\\u00e9\\ud83d\\ude00\"", v, error)) << error;
    EXPECT_EQ(string_at(v), "\xc3\xa9\xf0\x9f\x98\x80");
}

TEST(Json, ReadsChainThroughWhatIsMissing) {
    Json v;
    std::string error;
    ASSERT_TRUE(parse_json(R"({"final":{"ranks":[1,2]},"bots":"x"})", v, error)) << error;
    EXPECT_EQ(integer_at(v, "/final/ranks/1"), 2);
    EXPECT_TRUE(at(v, "/final/ranks/2").is_null());
    EXPECT_TRUE(at(v, "/final/ranks/-1").is_null());
    EXPECT_TRUE(at(v, "/requests/0/seat").is_null());
    EXPECT_TRUE(at(v, "/bots/0").is_null()) << "a string has no items";
    EXPECT_EQ(string_at(v, "/final"), "") << "an object is no string";
    EXPECT_EQ(number_at(v, "/bots"), 0.0);
}

TEST(Json, BadTextSaysWhereWithoutThrowing) {
    Json v;
    std::string error;
    for (const char* bad : {"{\"a\":1,}", "[1 2]", "\"open", "{\"a\" 1}", "01x", "[1] 2", "tru", ""}) {
        EXPECT_FALSE(parse_json(bad, v, error)) << bad;
        EXPECT_NE(error.find("column"), std::string::npos) << bad << ": " << error;
        EXPECT_TRUE(v.is_null());
    }
    EXPECT_TRUE(parse_json(std::string(64, '[') + std::string(64, ']'), v, error)) << error;
    EXPECT_FALSE(parse_json(std::string(65, '[') + std::string(65, ']'), v, error));
    EXPECT_NE(error.find("nesting deeper than 64"), std::string::npos) << error;
    EXPECT_EQ(json_text(Json("a\xff")), "\"a\xef\xbf\xbd\"") << "a byte that is not UTF-8 written as U+FFFD, no exception";
}

}  // namespace
}  // namespace kd
