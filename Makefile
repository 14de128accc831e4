# International draughts engine: one static binary ./engine, cmocka test suites under tests/.
# Every target builds and runs on all cores unless -j says otherwise (make -j1: one at a time);
# each job's output comes out whole. Sub-makes inherit both and share the jobs.
NPROC   := $(shell nproc 2>/dev/null || echo 1)
ifeq ($(MAKELEVEL),0)
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(NPROC)
endif
MAKEFLAGS += --output-sync=target --no-print-directory
endif
# One short line per file made (`CC src/search/search.c`); `make V=1` prints the whole commands.
V       ?= 0
ifeq ($(V),1)
Q       :=
say     := @:
else
Q       := @
say     := @printf '  %-6s %s\n'
endif
CC      ?= cc
ARCH    ?= -march=native
OPT     ?= -O3 -flto=auto
CFLAGS  ?=
WARN    := -Wall -Wextra -Werror -Wshadow
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OPT) $(ARCH) $(CFLAGS) -Iinclude
LDFLAGS ?=
LDLIBS  := -lm -pthread
STATIC  ?= -static

# gcc's link-time optimiser re-reports maybe-uninitialized through cmocka asserts it cannot see
# are fatal; keep that one warning out of the test binaries only.
IS_CLANG := $(shell $(CC) --version 2>/dev/null | grep -q clang && echo yes)
TEST_FLAGS := $(if $(IS_CLANG),,-Wno-maybe-uninitialized)

# Sources by folder, one folder a layer (see README "Layout"); src/boot holds the build-time tools.
# Everything but src/cli/main.c goes into the test binaries too.
LAYERS   := util rules pdn eval endgame search opening hub dxp match learn annotate cli
LIB_SRC  := $(filter-out src/cli/main.c,$(foreach d,$(LAYERS),$(wildcard src/$(d)/*.c)))

# One build directory a flavour (release, sanitize, valgrind), so that building one never touches
# another's objects: `make check` leaves the release build as it was. The release flavour links
# ./engine; the others link their own engine inside their directory, which their tests run.
FLAVOUR  ?= release
BUILD    := build/$(FLAVOUR)
ENGINE   := $(if $(filter release,$(FLAVOUR)),engine,$(BUILD)/engine)
# The windows flavour (see `windows` below) links engine.exe with Winsock and Win32 threads only.
ifeq ($(FLAVOUR),windows)
ENGINE   := engine.exe
ALL_CFLAGS += -D_WIN32_WINNT=0x0601 -D__USE_MINGW_ANSI_STDIO=1   # C99 printf (%zu) in msvcrt
LDLIBS   := -lm -lws2_32
endif
TEST_PATHS := -DENGINE_BIN='"./$(ENGINE)"' -DTEST_BIN_DIR='"$(BUILD)/tests"'

# Endgame bitbases: gen/bbgen (the generator alone, built with fixed flags so sanitizer builds
# reuse its tables) writes gen/bitbaseN.c, compiled into every binary. `make clean` keeps gen/.
BITBASES ?= 4
GEN      := gen
BB_C     := $(GEN)/bitbase$(BITBASES).c
BB_GEN_SRC := $(wildcard src/util/*.c src/rules/*.c) src/endgame/bitbase_index.c src/endgame/bitbase_store.c \
              src/endgame/material.c src/endgame/bitbase_build.c src/cli/bitbase_build_cli.c src/boot/bbgen_main.c
BB_GEN_HDR := $(wildcard include/util/*.h include/rules/*.h) include/endgame/bitbase_index.h \
              include/endgame/bitbase_store.h include/endgame/material.h include/endgame/bitbase_build.h \
              include/cli/bitbase_build_cli.h
GEN_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -O2 $(ARCH) -Iinclude
EVAL_SETS := normal bt frisian losing
NET_SETS := normal
EVAL_GEN := $(EVAL_SETS:%=$(GEN)/eval_%.c) $(NET_SETS:%=$(GEN)/net_%.c)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/bitbase$(BITBASES).o $(BUILD)/book_data.o \
            $(BUILD)/ballots_data.o $(EVAL_SETS:%=$(BUILD)/eval_%_data.o) $(NET_SETS:%=$(BUILD)/net_%_data.o)
# Records the BITBASES of the last build, rewritten only when it changes, so that switching it relinks.
BB_CHOICE := $(BUILD)/bitbases.choice
# A dry run (make -n) leaves it alone.
ifeq ($(findstring n,$(firstword -$(MAKEFLAGS))),)
$(shell mkdir -p $(BUILD) && [ "$$(cat $(BB_CHOICE) 2>/dev/null)" = "$(BITBASES)" ] || echo $(BITBASES) > $(BB_CHOICE))
endif
# The suites that run longest start first, so that the others fill the remaining cores around them.
SLOW_TESTS := test_hub_check test_skill test_tactics test_movegen test_tune test_match_proto test_hub_search test_search_root \
              test_tt test_search_pool test_match
TEST_NAMES := $(SLOW_TESTS) $(filter-out $(SLOW_TESTS),$(patsubst tests/%.c,%,$(wildcard tests/test_*.c)))
TESTS    := $(TEST_NAMES:%=$(BUILD)/tests/%)

.PHONY: all test sanitize tsan check valgrind clean distclean fuzz fuzz-harnesses fuzz-smoke windows check-windows check-cluster \
        wasm wasm-bench check-wasm FORCE

all: $(ENGINE)

$(BB_CHOICE):
	$(Q)mkdir -p $(BUILD) && echo $(BITBASES) > $@

$(ENGINE): $(LIB_OBJ) $(BUILD)/cli/main.o $(BB_CHOICE)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(STATIC) -o $@ $(LIB_OBJ) $(BUILD)/cli/main.o $(LDFLAGS) $(LDLIBS)

# The build-time tools run here, so they are built by HOST_CC even when CC cross-compiles.
HOST_CC  ?= $(CC)
$(GEN)/bbgen: $(BB_GEN_SRC) $(BB_GEN_HDR) | $(GEN)
	$(say) HOSTCC $@
	$(Q)$(HOST_CC) $(GEN_CFLAGS) -o $@ $(BB_GEN_SRC) -lm

$(BB_C): $(GEN)/bbgen
	$(say) BBGEN $@
	$(Q)$(GEN)/bbgen bitbase build --pieces $(BITBASES) --threads $(NPROC) --out $@.tmp $(if $(Q),> $@.log 2>&1 || { cat $@.log; exit 1; })
	$(Q)mv $@.tmp $@

# Every embedded blob (NAME_blob[] and NAME_blob_size), declared once in a generated header: the
# code that reads a blob includes it as "blobs.h", and each blob's source is compiled with it, so a
# definition and its declarations cannot disagree. Rewritten only when its text changes.
BLOBS    := bitbase book ballots $(EVAL_SETS:%=eval_%) $(NET_SETS:%=net_%)
BLOBS_H  := $(GEN)/blobs.h
ALL_CFLAGS += -I$(GEN)
$(BLOBS_H): Makefile | $(GEN)
	@{ echo '/* The embedded data blobs, listed by BLOBS in the Makefile; generated, do not edit. */'; \
	  echo '#pragma once'; echo '#include <stddef.h>'; \
	  for b in $(BLOBS); do echo "extern const unsigned char $${b}_blob[];"; \
	    echo "extern const size_t $${b}_blob_size;"; done; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else echo "writing $@"; mv $@.tmp $@; fi

$(LIB_SRC:src/%.c=$(BUILD)/%.o): | $(BLOBS_H)

$(BUILD)/bitbase$(BITBASES).o: $(BB_C) $(BLOBS_H) | $(BUILD)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The opening book: book/book.bin (made by `engine book build`, see book/README.md) as C source.
$(GEN)/embed: src/util/embed.c src/boot/embed_main.c include/util/embed.h | $(GEN)
	$(say) HOSTCC $@
	$(Q)$(HOST_CC) $(GEN_CFLAGS) -o $@ src/util/embed.c src/boot/embed_main.c

$(GEN)/book.c: book/book.bin $(GEN)/embed
	$(say) EMBED $@
	$(Q)$(GEN)/embed book/book.bin $@.tmp book_blob
	$(Q)mv $@.tmp $@

$(BUILD)/book_data.o: $(GEN)/book.c $(BLOBS_H) | $(BUILD)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The 3-move ballots, the default openings of match and selfplay (see src/opening/openings.c).
$(GEN)/ballots.c: book/ballots-3move.fen $(GEN)/embed
	$(say) EMBED $@
	$(Q)$(GEN)/embed book/ballots-3move.fen $@.tmp ballots_blob
	$(Q)mv $@.tmp $@

$(BUILD)/ballots_data.o: $(GEN)/ballots.c $(BLOBS_H) | $(BUILD)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The evaluation weights of each variant (made by `engine tune`, see book/README.md) as C source.
$(GEN)/eval_%.c: book/eval/%.bin $(GEN)/embed
	$(say) EMBED $@
	$(Q)$(GEN)/embed $< $@.tmp eval_$*_blob
	$(Q)mv $@.tmp $@

.SECONDARY: $(EVAL_GEN)

$(BUILD)/eval_%_data.o: $(GEN)/eval_%.c $(BLOBS_H) | $(BUILD)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The network evaluation of each variant that has one (made by `engine tune --net`) as C source.
$(GEN)/net_%.c: book/eval/%.net $(GEN)/embed
	$(say) EMBED $@
	$(Q)$(GEN)/embed $< $@.tmp net_$*_blob
	$(Q)mv $@.tmp $@

$(BUILD)/net_%_data.o: $(GEN)/net_%.c $(BLOBS_H) | $(BUILD)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

$(GEN):
	$(Q)mkdir -p $@

$(BUILD)/%.o: src/%.c | $(BUILD)
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(LIB_OBJ) $(BB_CHOICE) | $(BUILD)/tests
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(TEST_FLAGS) $(TEST_PATHS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) -lcmocka $(LDLIBS)

# Hub, Hub-1 and DXP engines that misbehave on purpose, for the match tests.
FAKES    := $(patsubst tests/engines/%.c,$(BUILD)/tests/%,$(wildcard tests/engines/fake_*.c))
$(BUILD)/tests/fake_%: tests/engines/fake_%.c $(LIB_OBJ) $(BB_CHOICE) | $(BUILD)/tests
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(TEST_FLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

$(BUILD) $(BUILD)/tests:
	$(Q)mkdir -p $@

# Each suite is a job of its own, so suites run side by side; a failing one fails the target. A
# suite's output goes to tests/NAME.log beside it, printed whole when it fails (or with V=1), and
# it leaves NAME.passed or NAME.failed for check's summary.
test: $(TESTS:%=%.run)

$(BUILD)/tests/%.run: $(BUILD)/tests/% $(ENGINE) $(FAKES) FORCE
	@rm -f $<.passed $<.failed; \
	  if $< > $<.log 2>&1; then touch $<.passed; \
	    if [ "$(V)" = 1 ]; then echo "== $<"; cat $<.log; else \
	      printf '  %-6s %s: %s\n' TEST $< "$$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1 passed/p' $<.log)"; fi; \
	  else touch $<.failed; echo "== $<"; cat $<.log; printf '  %-6s %s\n' FAIL $<; exit 1; fi

FORCE:

# The suites and fake engines are kept once run: as links in the chain to X.run, make would
# otherwise delete them as intermediate files and link them anew every time.
.SECONDARY: $(TESTS) $(FAKES)

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer, in build/sanitize.
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	$(Q)$(MAKE) FLAVOUR=sanitize OPT="-O1 -g" CFLAGS="$(SAN_FLAGS)" STATIC= test

# The search and Hub suites under ThreadSanitizer, in build/tsan: the helper threads of a parallel
# search share the transposition table with the main one, and no data race may be reported.
TSAN_TESTS := test_search_pool test_search_root test_hub test_hub_search test_e2e
tsan:
	$(Q)TSAN_OPTIONS="halt_on_error=1 exitcode=66" $(MAKE) FLAVOUR=tsan OPT="-O1 -g" CFLAGS="-fsanitize=thread" STATIC= $(TSAN_TESTS:%=build/tsan/tests/%.run)

# A short Hub session under valgrind (hub, init, 20 searches, quit): no errors, no leaks.
# Built dynamic and without AVX-512, which valgrind cannot decode, in build/valgrind.
VG_ENGINE := build/valgrind/engine
valgrind:
	$(Q)$(MAKE) FLAVOUR=valgrind OPT="-O1 -g" ARCH=-march=x86-64-v2 STATIC= $(VG_ENGINE)
	( printf 'hub\ninit\n'; for i in $$(seq 1 20); do \
	    printf 'pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23"\nlevel depth=%d\ngo think\n' $$((3 + i % 5)); \
	    sleep 0.5; done; printf 'quit\n' ) | \
	  valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=9 \
	    $(VG_ENGINE) hub > build/valgrind/valgrind.out
	@echo "valgrind: no errors, no leaks; searches answered: $$(grep -c '^done' build/valgrind/valgrind.out)"

# Everything CI runs: the layer and cycle rules, the suites, the sanitizer builds, a short fuzz run.
# Each flavour builds in its own directory, so the release build is left as it was.
# Each stage says how long it took (README's table of test times comes from these lines).
# The last lines sum each stage up: its suites passed and failed, and its time.
CHECK_STAGES := test:release sanitize:sanitize tsan:tsan fuzz-smoke:fuzz
check:
	$(Q)sh tests/check_layers.sh
	$(Q)sh tests/check_cycles.sh
	@rm -f build/check-summary; status=0; for st in $(CHECK_STAGES); do t=$${st%%:*}; d=build/$${st#*:}/tests; \
	  [ $$t = fuzz-smoke ] && d=build/fuzz; rm -f $$d/*.passed $$d/*.failed; s=$$(date +%s); \
	  $(MAKE) $$t $$([ $$t = fuzz-smoke ] && echo FUZZ_SECONDS=12) || status=1; \
	  echo "check: $$t: $$(ls $$d/*.passed 2>/dev/null | wc -l) passed, $$(ls $$d/*.failed 2>/dev/null | wc -l) failed," \
	    "$$(($$(date +%s) - s)) s" >> build/check-summary; [ $$status = 0 ] || break; done; \
	  cat build/check-summary; exit $$status

# libFuzzer harnesses (clang): tests/fuzz/fuzz_NAME.c -> build/fuzz/fuzz_NAME, each linked against
# the fuzz flavour's objects (compiled once, with the coverage hooks libFuzzer needs).
FUZZ_SRC     := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_DIR     := build/fuzz
FUZZ_BIN     := $(patsubst tests/fuzz/%.c,$(FUZZ_DIR)/%,$(FUZZ_SRC))
FUZZ_SAN     := -fsanitize=address,undefined
FUZZ_SECONDS ?= 20

fuzz:
	$(Q)$(MAKE) FLAVOUR=fuzz CC=clang HOST_CC=$(CC) OPT="-O1 -g" CFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
	  STATIC= fuzz-harnesses

fuzz-harnesses: $(FUZZ_BIN)

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(LIB_OBJ) $(BB_CHOICE)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDLIBS)

# Runs each harness for FUZZ_SECONDS on a scratch copy of its seed corpus, side by side; a crash
# fails the target and prints the end of the harness's log (build/fuzz/NAME.log).
fuzz-smoke: fuzz
	@$(MAKE) --no-print-directory $(FUZZ_BIN:%=%.smoke)

$(FUZZ_DIR)/%.smoke: FORCE
	@n=$*; n=$${n#fuzz_}; c=$(FUZZ_DIR)/corpus-$$n; mkdir -p $$c; \
	  cp -n tests/fuzz/corpus/$$n/* $$c/ 2>/dev/null || true; \
	  rm -f $(FUZZ_DIR)/$*.passed $(FUZZ_DIR)/$*.failed; \
	  if $(FUZZ_DIR)/$* -max_total_time=$(FUZZ_SECONDS) -max_len=4096 $$c > $(FUZZ_DIR)/$$n.log 2>&1; then \
	    touch $(FUZZ_DIR)/$*.passed; printf '  %-6s %s: %s\n' FUZZ $(FUZZ_DIR)/$* \
	      "$$(grep -o 'Done [0-9]* runs' $(FUZZ_DIR)/$$n.log | tail -1), no crash in $(FUZZ_SECONDS) s"; \
	  else touch $(FUZZ_DIR)/$*.failed; tail -n 40 $(FUZZ_DIR)/$$n.log; printf '  %-6s %s\n' FAIL $(FUZZ_DIR)/$*; exit 1; fi

# engine.exe for 64-bit Windows, cross-compiled by MinGW-w64 (Debian: gcc-mingw-w64-x86-64) in
# build/windows: static, the same blobs (generated here first) and warnings, for any x86-64-v2 CPU.
WIN_CC   ?= x86_64-w64-mingw32-gcc
WIN_ARCH ?= -march=x86-64-v2
windows: $(BB_C) $(GEN)/book.c $(GEN)/ballots.c $(EVAL_GEN) $(BLOBS_H)
	$(Q)$(MAKE) FLAVOUR=windows CC=$(WIN_CC) HOST_CC=$(CC) ARCH=$(WIN_ARCH) engine.exe

# A single-node Slurm and GNU parallel on this machine run sharded jobs through src/cluster/
# (tests/check_cluster.sh; needs root, slurm-wlm, munge and parallel).
check-cluster: $(ENGINE)
	$(Q)sh tests/check_cluster.sh $(ENGINE)

# engine.exe under Wine against the Linux engine (tests/check_windows.sh; needs wine).
check-windows: windows $(ENGINE)
	sh tests/check_windows.sh

# The browser build (see README "In the browser"): Emscripten's emcc compiles the engine's layers up
# to hub, the bench and src/web/web_main.c, with the blobs generated above (natively, by HOST_CC),
# into build/wasm/zwaluw.js, the engine with its wasm inside, and the page beside it. One thread,
# 128 MiB of linear memory, and Asyncify for the one import that hands control back to the browser
# while a search polls its input (util/input.c).
EMCC      ?= emcc
WASM_DIR  ?= build/wasm
WASM_SRC  := $(foreach d,util rules pdn eval endgame search opening hub,$(wildcard src/$(d)/*.c)) \
             src/cli/bench_cli.c src/web/web_main.c
WASM_GEN  := $(BB_C) $(GEN)/book.c $(GEN)/ballots.c $(EVAL_GEN)
WASM_OBJ  := $(WASM_SRC:src/%.c=$(WASM_DIR)/obj/%.o) $(WASM_GEN:$(GEN)/%.c=$(WASM_DIR)/obj/gen/%.o)
# Functions Asyncify would instrument (they call through pointers) though no poll runs beneath
# them: the evaluation, the book, the move sorting. Left instrumented, they cost 20% of the speed.
WASM_NO_ASYNC := ["extract","eval_*","static_eval","loaded_set","bsearch","book_*","entry_moves","sift", \
             "trinkle","notation_*","search_new","bitbase_*"]
WASM_OPT  ?= -O3 -msimd128
WASM_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(WASM_OPT) -Iinclude -I$(GEN)
WASM_LDFLAGS := $(WASM_OPT) -sENVIRONMENT=worker,node -sSINGLE_FILE=1 -sINITIAL_MEMORY=128MB \
             -sALLOW_MEMORY_GROWTH=0 -sABORTING_MALLOC=0 -sTOTAL_STACK=2MB -sASYNCIFY=1 -sASYNCIFY_IMPORTS='["input_web_wait"]' \
             -sASYNCIFY_STACK_SIZE=524288 -sASYNCIFY_REMOVE='$(WASM_NO_ASYNC)'
WASM_PAGE := src/web/index.html src/web/style.css src/web/app.js src/web/puzzle.js
# Debian's node does not look in /usr/share/nodejs, where node-acorn puts the parser emcc runs.
WASM_ENV  := NODE_PATH=/usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))

wasm: $(WASM_DIR)/zwaluw.js $(WASM_DIR)/zwaluw-src.js $(WASM_DIR)/puzzles.js $(WASM_PAGE:src/web/%=$(WASM_DIR)/%)

$(WASM_DIR)/obj/%.o: src/%.c $(BLOBS_H)
	@mkdir -p $(@D)
	$(say) EMCC $<
	$(Q)$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -MMD -MP -c -o $@ $<

$(WASM_DIR)/obj/gen/%.o: $(GEN)/%.c $(BLOBS_H)
	@mkdir -p $(@D)
	$(say) EMCC $<
	$(Q)$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The engine: the worker's script (src/web/worker.js) runs ahead of Emscripten's loader.
$(WASM_DIR)/zwaluw.js: $(WASM_OBJ) src/web/worker.js Makefile
	$(say) EMLINK $@
	$(Q)$(WASM_ENV) $(EMCC) $(WASM_LDFLAGS) --pre-js src/web/worker.js -o $@ $(WASM_OBJ)

# The same code as a function, for a page opened from file://: no worker can load a file there, so
# the page loads this as a script and starts the worker from a Blob of the function's text.
$(WASM_DIR)/zwaluw-src.js: $(WASM_DIR)/zwaluw.js
	$(say) GEN $@
	$(Q){ echo 'function zwaluwEngine() {'; cat $<; echo '}'; } > $@.tmp
	$(Q)mv $@.tmp $@

# The page's built-in puzzle sets: each of book/puzzles/*.pdn (`engine puzzles`) as a JavaScript
# string in a script, since a page opened from file:// can fetch no file.
PUZZLE_SETS := $(sort $(wildcard book/puzzles/*.pdn))
$(WASM_DIR)/puzzles.js: $(PUZZLE_SETS) Makefile
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q){ echo '/* The built-in puzzle sets, from book/puzzles/ by make; generated, do not edit. */'; \
	  echo 'window.zwaluwPuzzleSets = ['; \
	  for f in $(PUZZLE_SETS); do echo "{name: \"$$(basename $$f .pdn)\", pdn:"; \
	    sed 's/\r$$//; s/[\\"]/\\&/g; s/^/"/; s/$$/\\n" +/' $$f; echo '""},'; done; \
	  echo '];'; } > $@.tmp
	$(Q)mv $@.tmp $@

# The bench under node against the native one, alternating, best of 3 (the machine may be shared):
# the same node count (the search's signature), and the speed ratio.
wasm-bench: $(WASM_DIR)/zwaluw.js $(ENGINE)
	@for i in 1 2 3; do ./$(ENGINE) bench | tail -1 | sed 's/^/native /'; \
	  node $(WASM_DIR)/zwaluw.js bench | tail -1 | sed 's/^/wasm /'; done | \
	  awk '{ print; n[$$1] = $$3; t = $$4; sub("time=", "", t); if (!($$1 in best) || t < best[$$1]) best[$$1] = t } \
	    END { if (n["native"] != n["wasm"]) { print "wasm-bench: the node counts differ"; exit 1 } \
	      printf "wasm-bench: best times native %.3f s, wasm %.3f s: wasm at %.0f%% of the native speed\n", \
	        best["native"], best["wasm"], 100 * best["native"] / best["wasm"] }'

# The page in headless Chromium (tests/browser/, native, over the DevTools pipe): the game and the
# analysis (browser_check), the puzzle mode against the first built-in set (puzzle_check). Each
# starts from an empty profile: the puzzles solved are kept in it.
BROWSER_CHECK := $(BUILD)/tests/browser_check
PUZZLE_CHECK  := $(BUILD)/tests/puzzle_check
$(BUILD)/tests/cdp.o: tests/browser/cdp.c | $(BUILD)/tests
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BROWSER_CHECK) $(PUZZLE_CHECK): $(BUILD)/tests/%: tests/browser/%.c $(BUILD)/tests/cdp.o $(LIB_OBJ) $(BB_CHOICE) | $(BUILD)/tests
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(BUILD)/tests/cdp.o $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

check-wasm: wasm wasm-bench $(BROWSER_CHECK) $(PUZZLE_CHECK)
	sh tests/check_wasm_hub.sh ./$(ENGINE) $(WASM_DIR)/zwaluw.js
	rm -rf $(WASM_DIR)/chromium-profile
	$(BROWSER_CHECK) $(abspath $(WASM_DIR)/index.html) ./$(ENGINE) $(WASM_DIR)
	rm -rf $(WASM_DIR)/chromium-profile
	$(PUZZLE_CHECK) $(abspath $(WASM_DIR)/index.html) $(firstword $(PUZZLE_SETS)) $(abspath $(WASM_DIR))

$(WASM_DIR)/%: src/web/%
	@mkdir -p $(@D)
	$(say) COPY $@
	$(Q)cp $< $@

# Every flavour's build.
clean:
	rm -rf build engine engine.exe

# Also the generated bitbases (rebuilding them takes about a minute).
distclean: clean
	rm -rf $(GEN)

-include $(wildcard $(BUILD)/*.d $(BUILD)/*/*.d $(WASM_DIR)/obj/*/*.d)
