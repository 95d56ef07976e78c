# chesskit: one non-recursive GNU Makefile; every output lands under $(BUILD).
# The user owns CFLAGS; the project's own flags live in the other variables.

.SUFFIXES:
.DELETE_ON_ERROR:
# Keep object files: they are inputs of several links, not throwaway intermediates.
.SECONDARY:

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man/man1
DOCDIR  ?= $(PREFIX)/share/doc/chesskit
BUILD   ?= build
CC      ?= cc
CFLAGS  ?= -O2 -g
SHARED  ?= ../shared/data
# Depth of the perft suites in `make check` (check-slow raises it).
PERFT_DEPTH ?= 4
PERFT960_DEPTH ?= 4
# Depth of the variant suites in `make check` (check-slow: every depth).
VARIANT_DEPTH ?= 4

WARNINGS := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
            -Werror=implicit-function-declaration -Werror=int-conversion \
            -Werror=incompatible-pointer-types
ifneq ($(CI),)
WARNINGS += -Werror
endif
ifneq ($(WERROR),)
WARNINGS += -Werror
endif

SANFLAGS :=
ifneq ($(SAN),)
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif

PROJECT_CFLAGS := -std=c17 -D_GNU_SOURCE -pthread -Ilib -Icmd $(WARNINGS) $(SANFLAGS)
DEPFLAGS := -MMD -MP
# Flags of the profile-guided build (below), empty without it.
PGO_FLAGS :=
PGO_LINK :=
# The compression libraries of compressed input (cmd/input/decompress_codec.c), each
# optional: one found (a program using it compiles and links) is defined
# HAVE_ZSTD, HAVE_ZLIB, HAVE_BZ2 or HAVE_LZMA and linked; a build without
# one reads that format's input as "this build has no ..." (status 66).
# ZSTD=0 (ZLIB=0, BZ2=0, LZMA=0) leaves one out on purpose.
# (decompress_probe NAME,HEADER,CALL,LIB: 1 when it compiles and links)
decompress_probe = $(shell printf '\043include <%s>\nint main(void){return (int)(%s);}\n' '$(2)' '$(3)' \
  | $(CC) -x c -o /dev/null - $(4) >/dev/null 2>&1 && echo 1 || echo 0)
ZSTD ?= $(call decompress_probe,ZSTD,zstd.h,ZSTD_versionNumber() == 0,-lzstd)
ZLIB ?= $(call decompress_probe,ZLIB,zlib.h,zlibVersion() == 0,-lz)
BZ2  ?= $(call decompress_probe,BZ2,bzlib.h,BZ2_bzlibVersion() == 0,-lbz2)
LZMA ?= $(call decompress_probe,LZMA,lzma.h,lzma_version_number() == 0,-llzma)
override ZSTD := $(ZSTD)
override ZLIB := $(ZLIB)
override BZ2 := $(BZ2)
override LZMA := $(LZMA)
DECOMPRESS_DEFS := $(if $(filter 1,$(ZSTD)),-DHAVE_ZSTD) $(if $(filter 1,$(ZLIB)),-DHAVE_ZLIB) \
                   $(if $(filter 1,$(BZ2)),-DHAVE_BZ2) $(if $(filter 1,$(LZMA)),-DHAVE_LZMA)
DECOMPRESS_LIBS := $(if $(filter 1,$(ZSTD)),-lzstd) $(if $(filter 1,$(ZLIB)),-lz) \
                   $(if $(filter 1,$(BZ2)),-lbz2) $(if $(filter 1,$(LZMA)),-llzma)
export ZSTD ZLIB BZ2 LZMA
LDLIBS_ALL := -lpcre2-8 $(DECOMPRESS_LIBS) -lpthread $(LDLIBS)
# Every program is linked so (PGO_LINK is set only where the profile is made).
LINK = $(CC) $(PROJECT_CFLAGS) $(CFLAGS) $(PGO_LINK) $(LDFLAGS) -o $@ $^ $(LDLIBS_ALL)

TOOL_NAMES := fen-check legal-moves perft pgn-to-named-notation named-notation-to-pgn pgn-check \
              pgn-select pgn-explore
# The floors (lib/README.md, cmd/README.md): lib/FLOOR/*.c; a program's
# folder cmd/TOOL holds its main.c and its own modules, the other folders
# of cmd/ the modules the programs share.  Every module of cmd/ but the
# mains goes into $(LIBCLI) (tests and fuzz targets link a tool's too).
TOOLS      := $(filter $(TOOL_NAMES),$(notdir $(patsubst %/,%,$(dir $(wildcard cmd/*/main.c)))))
CMD_SRC    := $(wildcard cmd/*/*.c)
MAIN_SRC   := $(TOOLS:%=cmd/%/main.c)
CLI_SRC    := $(filter-out $(MAIN_SRC),$(CMD_SRC))
LIB_SRC    := $(wildcard lib/*/*.c)
UNIT_SRC   := $(wildcard tests/unit/test_*.c)
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
# Code the tests share (tests/*.c but the helper programs), and the helper
# programs the command-line tests run (build/tests/bin is on their PATH).
HELPER_NAMES := uci-perft-engine classify-games
TSUP_SRC   := $(filter-out $(HELPER_NAMES:%=tests/%.c),$(wildcard tests/*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
LIBCHESS := $(BUILD)/libchess.a
LIBCLI   := $(BUILD)/libcli.a
LIBTSUP  := $(BUILD)/libtestsupport.a
BINS     := $(TOOLS:%=$(BUILD)/bin/%)
UNITS    := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
HELPERS  := $(HELPER_NAMES:%=$(BUILD)/tests/bin/%)
GEN_MAGICS := $(BUILD)/scripts/gen-attack-magics
GEN_TRAIN := $(BUILD)/scripts/gen-train
MANS     := $(TOOLS:%=$(BUILD)/man/%.1)
# Installed beside the tools: the perft cluster's scripts, and the format
# documents the manuals refer to.
SCRIPTS_INSTALLED := scripts/perft-cluster scripts/perft-sum
FORMAT_DOCS := $(wildcard formats/*.md) formats/named-vocabularies.tsv

.PHONY: all check check-asan check-slow bench fuzz install uninstall clean demo deps deb \
        check-unit check-fuzz-seeds check-perft check-cli check-rails check-layers check-format format check-variant-suites \
        check-magics pgo-programs

all: $(BINS) $(UNITS) $(HELPERS) $(GEN_MAGICS)

# System packages, per purpose (scripts/install-deps --list PURPOSE):
# each target installs what it needs (only what is missing) once, and a
# stamp $(BUILD)/.deps-PURPOSE remembers it: `make demo` build, `make
# check` build and test, the man pages (`make install`, `make deb`) man,
# `make check-slow` slow, `make fuzz` fuzz, `make bench` bench; `make deps`
# build and test.  A plain `make` installs nothing.  NO_DEPS=1 skips the
# installation for machines whose packages are managed otherwise.
DEPS_PURPOSES := build test man fuzz slow bench
deps: $(BUILD)/.deps-build $(BUILD)/.deps-test
$(DEPS_PURPOSES:%=$(BUILD)/.deps-%): $(BUILD)/.deps-%: scripts/install-deps
	@mkdir -p $(@D)
ifeq ($(NO_DEPS),)
	scripts/install-deps --quiet $*
endif
	@touch $@

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(PROJECT_CFLAGS) $(DEPFLAGS) $(CPPFLAGS) $(CFLAGS) $(PGO_FLAGS) -c -o $@ $<

$(LIBCHESS): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(LIBCLI): $(CLI_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(LIBTSUP): $(TSUP_SRC:%.c=$(BUILD)/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

# A program: its main.c, then the modules of cmd/ (its own folder's and the
# shared ones) and the library, as archives: each takes what it uses.
$(BUILD)/bin/%: $(BUILD)/cmd/%/main.o $(LIBCLI) $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(LIBTSUP) $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)

# (the unit test of cmd/input/decompress.c takes it from $(LIBCLI), which needs
# $(LIBCHESS) after it)
$(BUILD)/tests/test_decompress: $(BUILD)/tests/unit/test_decompress.o $(LIBTSUP) $(LIBCLI) $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)

# (the index's unit test takes its modules from $(LIBCLI), and SQLite with them)
$(BUILD)/tests/test_explore_index: $(BUILD)/tests/unit/test_explore_index.o $(LIBTSUP) $(LIBCLI) $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)

# pgn-explore's saved index is an SQLite database (cmd/pgn-explore/explore_index_db.c):
# that program alone links libsqlite3 (the others take nothing of it from $(LIBCLI)).
SQLITE_LIBS := -lsqlite3
# (The seed runs of the fuzz targets link it too: any of them may take
# pgn-explore's modules, which reach the index's, from $(LIBCLI).)
$(BUILD)/bin/pgn-explore $(BUILD)/tests/seeds/% $(BUILD)/tests/test_explore_index: \
  LDLIBS_ALL += $(SQLITE_LIBS)

$(BUILD)/tests/bin/%: $(BUILD)/tests/%.o $(LIBTSUP) $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)

# Test code includes the shared test code's headers.
$(BUILD)/tests/%.o: PROJECT_CFLAGS += -Itests
# Only the decoders of compressed input and their tests ask which libraries
# there are.
$(BUILD)/cmd/input/decompress_codec.o $(BUILD)/tests/unit/test_decompress.o $(BUILD)/tests/fuzz/fuzz_decompress.o: \
  PROJECT_CFLAGS += $(DECOMPRESS_DEFS)

# Profile-guided optimisation (GCC), with PGO=1 (`make bench` sets it):
# the programs are built twice.  The first build, in $(BUILD)/pgo with
# -fprofile-generate, runs the training
# (scripts/pgo-train: every tool on the games and positions that
# scripts/gen-train.c makes from a fixed seed); then the objects of PGO_SRC
# in $(BUILD) are compiled with -fprofile-use of that profile.  Real games
# convert faster, for a build several times as long (the figures:
# docs/performance.md, "The profile-guided build"): the default, PGO=0,
# builds once, without it.
# Sanitizer builds and compilers other than GCC never use it.
PGO ?= 0
ifneq ($(PGO),0)
override PGO := $(shell $(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo 1 || echo 0)
endif
ifneq ($(SAN),)
override PGO := 0
endif
PGO_BUILD := $(BUILD)/pgo
# The profile is used where it helps every tool: the PGN reader and replay
# (pgn and its pieces pgn_setup, pgn_store, pgn_comment, pgn_tags and
# pgn_game, pgn_lexer, pgn_result, pgn_split, san, game, makemove,
# castling), FEN (fen, fen_record, fen_board, fen_validate) and the tools'
# code.
# Move generation, positions and perft keep the plain build: one profile
# for all their callers made the lichess variants' perft and legal-moves
# slower (docs/performance.md).
PGO_SRC ?= lib/games/pgn.c lib/games/pgn_setup.c lib/games/pgn_store.c lib/games/pgn_comment.c \
           lib/games/pgn_tags.c lib/games/pgn_game.c lib/games/pgn_lexer.c lib/games/pgn_result.c lib/games/pgn_split.c lib/notation/san.c lib/games/game.c lib/rules/makemove.c lib/rules/castling.c lib/notation/fen.c \
           lib/notation/fen_record.c lib/notation/fen_board.c lib/notation/fen_validate.c $(CMD_SRC)
PGO_OBJ := $(PGO_SRC:%.c=$(BUILD)/%.o)
# Both builds name each object's profile alike, $(PGO_DATA)/lib-games-pgn.gcda
# for lib/games/pgn.o (-dumpdir, -dumpbase): GCC tells a file's static functions
# apart by that name, and a profile made under another name misses them.
PGO_DATA ?= $(abspath $(PGO_BUILD))/profile
PGO_DUMP = -dumpdir $(PGO_DATA)/ -dumpbase $(subst /,-,$*)
ifeq ($(PGO),1)
$(PGO_OBJ): $(PGO_BUILD)/trained
$(PGO_OBJ): PGO_FLAGS = -fprofile-use -fprofile-partial-training -Wno-missing-profile $(PGO_DUMP)
endif
ifneq ($(PGO_GEN),)
$(PGO_OBJ): PGO_FLAGS = -fprofile-generate $(PGO_DUMP)
$(BINS) $(GEN_TRAIN): PGO_LINK = -fprofile-generate
endif
$(PGO_BUILD)/trained: $(LIB_SRC) $(CMD_SRC) $(wildcard lib/*/*.h cmd/*/*.h) scripts/gen-train.c \
                      scripts/pgo-train scripts/gen-attack-magics.c formats/named-vocabularies.tsv
	@$(MAKE) --no-print-directory BUILD=$(PGO_BUILD) PGO=0 PGO_GEN=1 PGO_DATA=$(PGO_DATA) pgo-programs
	@rm -rf $(PGO_DATA)
	scripts/pgo-train $(PGO_BUILD)
	@touch $@
pgo-programs: $(BINS) $(GEN_TRAIN)
$(GEN_TRAIN): scripts/gen-train.c $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)

# The man pages, from each tool's --help (scripts/man-page: help2man,
# the examples one a line, the format documents named by their installed
# path under DOCDIR, which $(BUILD)/man/docdir records).
$(BUILD)/man/%.1: $(BUILD)/bin/% $(BUILD)/man/docdir scripts/man-page | $(BUILD)/.deps-man
	scripts/man-page $< "$(DOCDIR)" >$@
$(BUILD)/man/docdir: FORCE
	@mkdir -p $(@D)
	@echo "$(DOCDIR)" | cmp -s - $@ || echo "$(DOCDIR)" >$@
.PHONY: FORCE
FORCE:

# Tests print TAP; scripts/tap-summary counts every "ok"/"not ok" line and ends
# with "N passed, N failed".
check: | $(BUILD)/.deps-build $(BUILD)/.deps-test
	@$(MAKE) --no-print-directory all BUILD=$(BUILD) SAN=$(SAN)
	@mkdir -p $(BUILD)
	@{ $(MAKE) --no-print-directory -s check-format check-magics check-layers check-unit check-fuzz-seeds check-perft check-cli check-rails BUILD=$(BUILD) SAN=$(SAN) 2>&1; echo "make-status $$?"; } \
	  | tee $(BUILD)/check.log | scripts/tap-summary

# test_perft_suites and test_variant_suites take a suite file and a depth:
# check-perft runs them.
UNIT_RUN := $(filter-out $(BUILD)/tests/test_perft_suites $(BUILD)/tests/test_variant_suites,$(UNITS))
check-unit: $(UNITS)
	@for t in $(UNIT_RUN); do SHARED=$(SHARED) $$t || echo "not ok - $$t exited $$?"; done

# A suite of the shared data that is absent (a clone made on its own) is
# one TAP line "ok - ... # skip ...", counted as skipped by tap-summary.
SKIP_ABSENT = echo "ok - $(1) \# skip the shared test data is absent ($(2))"
check-perft: $(BUILD)/tests/test_perft_suites check-variant-suites
	@if [ -e $(SHARED)/perft/standard.epd ]; then \
	  SHARED=$(SHARED) $(BUILD)/tests/test_perft_suites --suite $(SHARED)/perft/standard.epd --depth $(PERFT_DEPTH) \
	  || echo "not ok - standard perft suite"; \
	else $(call SKIP_ABSENT,standard perft suite,$(SHARED)/perft/standard.epd); fi
	@if [ -e $(SHARED)/perft/fischer960.epd ]; then \
	  SHARED=$(SHARED) $(BUILD)/tests/test_perft_suites --suite $(SHARED)/perft/fischer960.epd --depth $(PERFT960_DEPTH) \
	  || echo "not ok - fischer960 perft suite"; \
	else $(call SKIP_ABSENT,fischer960 perft suite,$(SHARED)/perft/fischer960.epd); fi

# The variants' published suites: FILE:VARIANT[:OPTION].  giveaway.perft
# counts python-chess's giveaway (castling as the FEN gives it); none of its
# records has a castling right, so lichess's antichess counts it the same
# and runs it too.  The atomic960 records write X-FEN castling: --chess960.
VARIANT_SUITES := 3check:3check atomic:atomic:--chess960 crazyhouse:crazyhouse giveaway:giveaway \
                  giveaway:antichess horde:horde racingkings:racingkings
check-variant-suites: $(BUILD)/tests/test_variant_suites
	@for s in $(VARIANT_SUITES); do file=$${s%%:*}; rest=$${s#*:}; variant=$${rest%%:*}; option=; \
	  case $$rest in *:*) option=$${rest#*:};; esac; \
	  if [ ! -e $(SHARED)/perft/variants/$$file.perft ]; then \
	    $(call SKIP_ABSENT,$$variant perft suite $$file.perft,$(SHARED)/perft/variants/$$file.perft); continue; fi; \
	  $(BUILD)/tests/test_variant_suites --suite $(SHARED)/perft/variants/$$file.perft --variant $$variant \
	    --depth $(VARIANT_DEPTH) $$option || echo "not ok - $$variant perft suite $$file.perft"; done
	@if [ -e $(SHARED)/perft/variants/fairy-stockfish.txt ]; then \
	  BUILD=$(BUILD) SHARED=$(SHARED) MAX_DEPTH=$(VARIANT_DEPTH) scripts/check-slow-variants; \
	else $(call SKIP_ABSENT,Fairy-Stockfish variant suites,$(SHARED)/perft/variants/fairy-stockfish.txt); fi

# A missing bats is a failure, never a silent pass: the command-line tests
# are most of the suite.  bats exits 1 when a test failed (its "not ok" lines
# are counted); any other status means it broke down.  The test helpers
# (build/tests/bin) are on the tests' PATH.
check-cli: $(BINS) $(HELPERS)
	@if ! command -v bats >/dev/null 2>&1; then \
	  echo "not ok - bats is not installed: the command-line tests (tests/cli) did not run;" \
	    "scripts/install-deps test installs it (Debian packages bats, bats-assert, bats-support)"; \
	else \
	  PATH="$(CURDIR)/$(BUILD)/bin:$(CURDIR)/$(BUILD)/tests/bin:$$PATH" SHARED="$(abspath $(SHARED))" BATS_LIB_PATH=/usr/lib/bats:/usr/local/lib/bats \
	  SAN="$(SAN)" bats --tap tests/cli; rc=$$?; \
	  [ $$rc -le 1 ] || echo "not ok - bats exited $$rc"; \
	fi

check-asan:
	$(MAKE) --no-print-directory BUILD=build/asan SAN=1 CFLAGS="-O1 -g" PERFT_DEPTH=4 PERFT960_DEPTH=3 check

# The floors of lib/ and cmd/: every include allowed by its folder's README.
check-layers:
	@scripts/check-layers

# The rails themselves: a missing bats or a bats run cut short must fail.
check-rails: $(BINS)
	@BUILD=$(BUILD) scripts/check-rails

# scripts/check-slow-perft takes both suites to depth 5 through the perft
# tool; the library run here adds only what that does not: depth 6 on every
# line of the standard suite.
check-slow: | $(BUILD)/.deps-build $(BUILD)/.deps-test $(BUILD)/.deps-slow $(BUILD)/.deps-man
	@$(MAKE) --no-print-directory all BUILD=$(BUILD)
	@{ SHARED=$(SHARED) $(BUILD)/tests/test_perft_suites --suite $(SHARED)/perft/standard.epd --depth 6 \
	     || echo "not ok - standard perft suite to depth 6"; \
	   $(MAKE) --no-print-directory -s check-variant-suites BUILD=$(BUILD) VARIANT_DEPTH=30; \
	   for s in scripts/check-slow-*; do [ -x "$$s" ] && BUILD=$(BUILD) SHARED=$(SHARED) $$s; done; echo "make-status 0"; } \
	  | tee $(BUILD)/check-slow.log | scripts/tap-summary

# The benchmarks also time a build made with CFLAGS=-march=native (the
# user's CFLAGS and the flag engine authors add by habit): no CFLAGS may
# make the hot code slower (issue 13).  GIGANTUA=/path adds that peer.
# Both builds are profile-guided (PGO=1), as the figures of
# docs/performance.md were measured.
NATIVE_BUILD := $(BUILD)/native
bench: | $(BUILD)/.deps-build $(BUILD)/.deps-bench
	@$(MAKE) --no-print-directory all BUILD=$(BUILD) PGO=1
	@$(MAKE) --no-print-directory all BUILD=$(NATIVE_BUILD) PGO=1 CFLAGS="$(CFLAGS) -march=native"
	@for s in scripts/bench-*; do echo "== $$s"; BUILD=$(BUILD) NATIVE_BUILD=$(NATIVE_BUILD) SHARED=$(SHARED) $$s || exit 1; done

# Each fuzz target's properties on its seeds, in the ordinary build: the
# target linked with tests/fuzz/seeds.c instead of libFuzzer.
SEED_RUNS := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/tests/seeds/%)
# (the targets of cmd/'s parsers take what they need of $(LIBCLI))
$(BUILD)/tests/seeds/%: $(BUILD)/tests/fuzz/%.o $(BUILD)/tests/fuzz/seeds.o $(LIBTSUP) $(LIBCLI) $(LIBCHESS)
	@mkdir -p $(@D)
	$(LINK)
check-fuzz-seeds: $(SEED_RUNS)
	@for t in $(SEED_RUNS); do $$t tests/fuzz/seeds/$$(basename $$t)/* \
	  || echo "not ok - $$t: a property broke on the seed named last (its message is above)"; done

# libFuzzer targets, built with clang; FUZZ_SECONDS each.  A target that
# fails (a crash, a broken property) stops the run with its status; its
# log and the input that broke it (crash-*) are left in $(FUZZ_BUILD).
FUZZ_SECONDS ?= 60
FUZZ_BUILD := build/fuzz
FUZZ_BINS := $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_CFLAGS := -std=c17 -D_GNU_SOURCE -pthread -Ilib -Icmd -Itests -I$(FUZZ_BUILD)/gen -g -O1 \
               -fsanitize=address,undefined -fno-sanitize-recover=all
# Every source is compiled once (instrumented for libFuzzer, not linked with
# it) and each target links the objects of the library, the shared test
# code and cmd/'s shared modules (the targets of cmd/'s parsers use them).
FUZZ_OBJ = $(patsubst %.c,$(FUZZ_BUILD)/obj/%.o,$(1))
FUZZ_LIB_OBJ := $(call FUZZ_OBJ,$(LIB_SRC) $(TSUP_SRC) $(CLI_SRC))
$(FUZZ_BUILD)/obj/%.o: %.c | $(FUZZ_BUILD)/gen/named_vocabularies.h $(FUZZ_BUILD)/gen/slider_tables.h \
                             $(FUZZ_BUILD)/gen/openings_data.h
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) $(DECOMPRESS_DEFS) -fsanitize=fuzzer-no-link $(DEPFLAGS) -c -o $@ $<
$(FUZZ_BUILD)/%: $(FUZZ_BUILD)/obj/tests/fuzz/%.o $(FUZZ_LIB_OBJ)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ -lpcre2-8 $(DECOMPRESS_LIBS) $(SQLITE_LIBS) -lpthread
$(FUZZ_BINS): | $(BUILD)/.deps-build $(BUILD)/.deps-fuzz
fuzz: $(FUZZ_BINS)
	@for f in $(FUZZ_BINS); do n=$$(basename $$f); mkdir -p $(FUZZ_BUILD)/corpus/$$n; \
	  echo "== $$n for $(FUZZ_SECONDS)s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/ \
	    $(FUZZ_BUILD)/corpus/$$n tests/fuzz/seeds/$$n >$(FUZZ_BUILD)/$$n.log 2>&1; s=$$?; \
	  tail -n 12 $(FUZZ_BUILD)/$$n.log; \
	  if [ $$s -ne 0 ]; then echo "== $$n failed (status $$s): $(FUZZ_BUILD)/$$n.log"; exit $$s; fi; done

demo: | $(BUILD)/.deps-build
	@$(MAKE) --no-print-directory all BUILD=$(BUILD)
	scripts/demo $(BUILD)

# PREFIX (default /usr/local) and DESTDIR (a staging root) as usual; the
# tools and the cluster scripts go to BINDIR, the man pages to MANDIR, the
# format documents to DOCDIR/formats.
install: $(BINS) $(MANS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(DOCDIR)/formats
	install -m 755 $(BINS) $(SCRIPTS_INSTALLED) $(DESTDIR)$(BINDIR)
	install -m 644 $(MANS) $(DESTDIR)$(MANDIR)
	install -m 644 $(FORMAT_DOCS) $(DESTDIR)$(DOCDIR)/formats

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(BINDIR)/%) $(SCRIPTS_INSTALLED:scripts/%=$(DESTDIR)$(BINDIR)/%) \
	  $(TOOLS:%=$(DESTDIR)$(MANDIR)/%.1) $(FORMAT_DOCS:%=$(DESTDIR)$(DOCDIR)/%)
	rmdir $(DESTDIR)$(DOCDIR)/formats $(DESTDIR)$(DOCDIR) 2>/dev/null || true

# A Debian package of the tools, installed under /usr:
# $(BUILD)/chesskit_VERSION_ARCH.deb (scripts/make-deb; `make check-slow`
# builds, unpacks and runs it: scripts/check-slow-deb).
deb: | $(BUILD)/.deps-build $(BUILD)/.deps-man
	@$(MAKE) --no-print-directory all BUILD=$(BUILD)
	@rm -rf $(BUILD)/deb
	$(MAKE) --no-print-directory install BUILD=$(BUILD) PREFIX=/usr DESTDIR=$(abspath $(BUILD))/deb/root
	BUILD=$(BUILD) scripts/make-deb $(BUILD)/deb/root

# The slider magics of lib/rules/attacks.c are a constant table; the seeded search
# that found them (it ran at every start-up before) is scripts/gen-attack-magics.c,
# which prints the table's block.  check-magics compares the two; after a
# change to the search, paste its output over the block.
$(GEN_MAGICS): scripts/gen-attack-magics.c
	@mkdir -p $(@D)
	$(CC) $(PROJECT_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $<

check-magics: $(GEN_MAGICS)
	@$(GEN_MAGICS) >$(BUILD)/attack-magics.txt || echo "not ok - $(GEN_MAGICS) failed"
	@if sed -n '/^\/\* BEGIN gen-attack-magics/,/^\/\* END gen-attack-magics/p' lib/rules/attacks.c \
	  | cmp -s - $(BUILD)/attack-magics.txt; then \
	  echo "ok - the magics in lib/rules/attacks.c are the seeded search's (scripts/gen-attack-magics.c)"; \
	else \
	  echo "not ok - the magics in lib/rules/attacks.c differ from $(GEN_MAGICS)'s output ($(BUILD)/attack-magics.txt)"; \
	fi

# The C sources clang-format lays out: `make format` rewrites them, and
# `make check` fails (one TAP line, scripts/check-format) when one differs.
FORMAT_SRC = $(wildcard lib/*/*.[ch] cmd/*/*.[ch] tests/*.[ch] tests/unit/*.[ch] tests/fuzz/*.c scripts/*.c)
format:
	clang-format -i $(FORMAT_SRC)

check-format:
	@scripts/check-format $(FORMAT_SRC)

clean:
	rm -rf build

# The rule names of the named notation are data, formats/named-vocabularies.tsv;
# scripts/gen-named-vocab turns them into a C header that only lib/games/named.c
# includes (a malformed table fails the build with FILE:LINE).  One rule
# serves the build and the fuzz build.
NAMED_VOCAB_TSV := formats/named-vocabularies.tsv
NAMED_VOCAB_H := $(sort $(BUILD)/gen/named_vocabularies.h $(FUZZ_BUILD)/gen/named_vocabularies.h)
$(NAMED_VOCAB_H): %/gen/named_vocabularies.h: $(NAMED_VOCAB_TSV) scripts/gen-named-vocab
	@mkdir -p $(@D)
	scripts/gen-named-vocab $< >$@.tmp && mv $@.tmp $@
$(BUILD)/lib/games/named.o: $(BUILD)/gen/named_vocabularies.h
$(BUILD)/lib/games/named.o: PROJECT_CFLAGS += -I$(BUILD)/gen

# The PEXT-indexed slider tables are data that lib/rules/attacks.c includes,
# printed by scripts/gen-attack-magics.c from its own slow walk (filled at
# start-up, they would cost every run its page faults: docs/performance.md).
SLIDER_TABLES_H := $(sort $(BUILD)/gen/slider_tables.h $(FUZZ_BUILD)/gen/slider_tables.h)
$(SLIDER_TABLES_H): %/gen/slider_tables.h: $(GEN_MAGICS)
	@mkdir -p $(@D)
	$(GEN_MAGICS) --tables >$@.tmp && mv $@.tmp $@
$(BUILD)/lib/rules/attacks.o: $(BUILD)/gen/slider_tables.h
$(BUILD)/lib/rules/attacks.o: PROJECT_CFLAGS += -I$(BUILD)/gen

# lichess's table of named openings (formats/openings/*.tsv, a.tsv to e.tsv
# in that order) is data: scripts/gen-openings turns it into a C header
# that only lib/games/opening.c includes (a malformed line fails the build with
# FILE:LINE).
OPENINGS_TSV := $(sort $(wildcard formats/openings/*.tsv))
OPENINGS_H := $(sort $(BUILD)/gen/openings_data.h $(FUZZ_BUILD)/gen/openings_data.h)
$(OPENINGS_H): %/gen/openings_data.h: $(OPENINGS_TSV) scripts/gen-openings
	@mkdir -p $(@D)
	scripts/gen-openings $(OPENINGS_TSV) >$@.tmp && mv $@.tmp $@
$(BUILD)/lib/games/opening.o: $(BUILD)/gen/openings_data.h
$(BUILD)/lib/games/opening.o: PROJECT_CFLAGS += -I$(BUILD)/gen

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(MAIN_SRC:%.c=$(BUILD)/%.d) $(UNIT_SRC:%.c=$(BUILD)/%.d) \
         $(patsubst %.c,$(BUILD)/%.d,$(wildcard tests/*.c)) $(FUZZ_SRC:%.c=$(BUILD)/%.d) \
         $(wildcard $(FUZZ_BUILD)/obj/*/*/*.d $(FUZZ_BUILD)/obj/tests/*.d $(FUZZ_BUILD)/obj/tests/fuzz/*.d)
