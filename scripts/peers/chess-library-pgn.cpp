// A peer for scripts/bench-pgn: Disservin's chess-library (header-only
// C++, https://github.com/Disservin/chess-library) reading PGN with its
// StreamParser and replaying every SAN move with its own parser, writing
// the moves in UCI, one per line, as `pgn-to-named-notation --to=uci`
// writes them (without the tags).  Built by bench-pgn against the copy
// that CHESS_LIBRARY names; never part of the project's build.
//
// Usage: chess-library-pgn FILE   (prints "games plies bad" on stderr)
#include "chess.hpp"

#include <cstdio>
#include <fstream>
#include <string>

using namespace chess;

namespace {

class Replay : public pgn::Visitor {
  public:
    void startPgn() override
    {
        board_.setFen(constants::STARTPOS);
        bad_ = false;
    }
    void header(std::string_view key, std::string_view value) override
    {
        if (key == "FEN")
            board_.setFen(value);
    }
    void startMoves() override {}
    void move(std::string_view san, std::string_view) override
    {
        if (bad_)
            return;
        try {
            Move m = uci::parseSan(board_, san, moves_);
            if (m == Move::NO_MOVE) {
                bad_ = true;
                return;
            }
            std::string text = uci::moveToUci(m);
            text.push_back('\n');
            std::fwrite(text.data(), 1, text.size(), stdout);
            board_.makeMove(m);
            plies_++;
        } catch (const std::exception &) {
            bad_ = true;
        }
    }
    void endPgn() override
    {
        games_++;
        bad_games_ += bad_;
    }

    unsigned long games_ = 0, plies_ = 0, bad_games_ = 0;

  private:
    Board board_;
    Movelist moves_;
    bool bad_ = false;
};

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 64;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[1]);
        return 66;
    }
    static char outbuf[1 << 16];
    std::setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    Replay r;
    pgn::StreamParser parser(in);
    auto error = parser.readGames(r);
    std::fprintf(stderr, "%lu %lu %lu\n", r.games_, r.plies_, r.bad_games_);
    return error ? 1 : 0;
}
