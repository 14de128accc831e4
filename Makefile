# International draughts engine: one static binary ./engine, cmocka test suites under tests/.
CC      ?= cc
ARCH    ?= -march=native
OPT     ?= -O3 -flto
CFLAGS  ?=
WARN    := -Wall -Wextra -Werror -Wshadow
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OPT) $(ARCH) $(CFLAGS) -Iinclude
LDFLAGS ?=
LDLIBS  := -lm
STATIC  ?= -static

# gcc's link-time optimiser re-reports maybe-uninitialized through cmocka asserts it cannot see
# are fatal; keep that one warning out of the test binaries only.
IS_CLANG := $(shell $(CC) --version 2>/dev/null | grep -q clang && echo yes)
TEST_FLAGS := $(if $(IS_CLANG),,-Wno-maybe-uninitialized)

# Sources by folder, one folder a layer (see README "Layout"); src/boot holds the build-time tools.
LAYERS   := util rules eval endgame search opening hub dxp tools
LIB_SRC  := $(foreach d,$(LAYERS),$(wildcard src/$(d)/*.c))
BUILD    := build

# Endgame bitbases: gen/bbgen (the generator alone, built with fixed flags so sanitizer builds
# reuse its tables) writes gen/bitbaseN.c, compiled into every binary. `make clean` keeps gen/.
BITBASES ?= 4
GEN      := gen
BB_C     := $(GEN)/bitbase$(BITBASES).c
BB_GEN_SRC := $(wildcard src/util/*.c src/rules/*.c) src/endgame/bitbase_index.c src/endgame/bitbase_store.c \
              src/endgame/material.c src/tools/bitbase_build.c src/boot/bbgen_main.c
BB_GEN_HDR := $(wildcard include/util/*.h include/rules/*.h) include/endgame/bitbase_index.h \
              include/endgame/bitbase_store.h include/endgame/material.h include/tools/bitbase_build.h
GEN_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -O2 $(ARCH) -Iinclude
NPROC    := $(shell nproc 2>/dev/null || echo 1)
EVAL_SETS := normal bt frisian losing
EVAL_GEN := $(EVAL_SETS:%=$(GEN)/eval_%.c)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/bitbase$(BITBASES).o $(BUILD)/book_data.o \
            $(BUILD)/ballots_data.o $(EVAL_SETS:%=$(BUILD)/eval_%_data.o)
# Records the BITBASES of the last build, rewritten only when it changes, so that switching it relinks.
BB_CHOICE := $(BUILD)/bitbases.choice
# A dry run (make -n) leaves it alone.
ifeq ($(findstring n,$(firstword -$(MAKEFLAGS))),)
$(shell mkdir -p $(BUILD) && [ "$$(cat $(BB_CHOICE) 2>/dev/null)" = "$(BITBASES)" ] || echo $(BITBASES) > $(BB_CHOICE))
endif
TESTS    := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))

.PHONY: all test sanitize check valgrind clean distclean fuzz fuzz-smoke

all: engine

$(BB_CHOICE):
	mkdir -p $(BUILD) && echo $(BITBASES) > $@

engine: $(LIB_OBJ) $(BUILD)/main.o $(BB_CHOICE)
	$(CC) $(ALL_CFLAGS) $(STATIC) -o $@ $(LIB_OBJ) $(BUILD)/main.o $(LDFLAGS) $(LDLIBS)

$(GEN)/bbgen: $(BB_GEN_SRC) $(BB_GEN_HDR) | $(GEN)
	$(CC) $(GEN_CFLAGS) -o $@ $(BB_GEN_SRC) -lm

$(BB_C): $(GEN)/bbgen
	$(GEN)/bbgen bitbase build --pieces $(BITBASES) --threads $(NPROC) --out $@.tmp
	mv $@.tmp $@

# Every embedded blob (NAME_blob[] and NAME_blob_size), declared once in a generated header: the
# code that reads a blob includes it as "blobs.h", and each blob's source is compiled with it, so a
# definition and its declarations cannot disagree. Rewritten only when its text changes.
BLOBS    := bitbase book ballots $(EVAL_SETS:%=eval_%)
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
	$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The opening book: book/book.bin (made by `engine book build`, see book/README.md) as C source.
$(GEN)/embed: src/util/embed.c src/boot/embed_main.c include/util/embed.h | $(GEN)
	$(CC) $(GEN_CFLAGS) -o $@ src/util/embed.c src/boot/embed_main.c

$(GEN)/book.c: book/book.bin $(GEN)/embed
	$(GEN)/embed book/book.bin $@.tmp book_blob
	mv $@.tmp $@

$(BUILD)/book_data.o: $(GEN)/book.c $(BLOBS_H) | $(BUILD)
	$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The 3-move ballots, the default openings of match and selfplay (see src/openings.c).
$(GEN)/ballots.c: book/ballots-3move.fen $(GEN)/embed
	$(GEN)/embed book/ballots-3move.fen $@.tmp ballots_blob
	mv $@.tmp $@

$(BUILD)/ballots_data.o: $(GEN)/ballots.c $(BLOBS_H) | $(BUILD)
	$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

# The evaluation weights of each variant (made by `engine tune`, see book/README.md) as C source.
$(GEN)/eval_%.c: book/eval/%.bin $(GEN)/embed
	$(GEN)/embed $< $@.tmp eval_$*_blob
	mv $@.tmp $@

.SECONDARY: $(EVAL_GEN)

$(BUILD)/eval_%_data.o: $(GEN)/eval_%.c $(BLOBS_H) | $(BUILD)
	$(CC) $(ALL_CFLAGS) -include $(BLOBS_H) -c -o $@ $<

$(GEN):
	mkdir -p $@

$(BUILD)/%.o: src/%.c | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(LIB_OBJ) $(BB_CHOICE) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(TEST_FLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) -lcmocka $(LDLIBS)

# Hub, Hub-1 and DXP engines that misbehave on purpose, for the match tests.
FAKES    := $(patsubst tests/engines/%.c,$(BUILD)/tests/%,$(wildcard tests/engines/fake_*.c))
$(BUILD)/tests/fake_%: tests/engines/fake_%.c $(LIB_OBJ) $(BB_CHOICE) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(TEST_FLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

test: engine $(TESTS) $(FAKES)
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer (rebuilds from scratch).
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	$(MAKE) clean
	$(MAKE) OPT="-O1 -g" CFLAGS="$(SAN_FLAGS)" STATIC= test
	$(MAKE) clean

# A short Hub session under valgrind (hub, init, 20 searches, quit): no errors, no leaks.
# Built dynamic and without AVX-512, which valgrind cannot decode; rebuilds from scratch.
valgrind:
	$(MAKE) clean
	$(MAKE) OPT="-O1 -g" ARCH=-march=x86-64-v2 STATIC= engine
	( printf 'hub\ninit\n'; for i in $$(seq 1 20); do \
	    printf 'pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23"\nlevel depth=%d\ngo think\n' $$((3 + i % 5)); \
	    sleep 0.5; done; printf 'quit\n' ) | \
	  valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=9 \
	    ./engine hub > valgrind.out
	@echo "valgrind: no errors, no leaks; searches answered: $$(grep -c '^done' valgrind.out)"
	rm -f valgrind.out
	$(MAKE) clean

# Everything CI runs: the suites, the sanitizer build, a short fuzz run, then the release binary.
check:
	sh tests/check_layers.sh
	$(MAKE) clean
	$(MAKE) test
	$(MAKE) sanitize
	$(MAKE) fuzz-smoke FUZZ_SECONDS=12
	$(MAKE) all

# libFuzzer harnesses (clang): tests/fuzz/fuzz_NAME.c -> build/fuzz/fuzz_NAME
FUZZ_SRC     := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN     := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
FUZZ_FLAGS   := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -Iinclude -I$(GEN)
FUZZ_SECONDS ?= 20

fuzz: $(FUZZ_BIN)

FUZZ_DATA    := $(BB_C) $(GEN)/book.c $(GEN)/ballots.c $(EVAL_GEN)
$(BUILD)/fuzz/%: tests/fuzz/%.c $(LIB_SRC) $(FUZZ_DATA) $(BLOBS_H) | $(BUILD)/fuzz
	clang $(FUZZ_FLAGS) -o $@ $< $(LIB_SRC) $(FUZZ_DATA) $(LDLIBS)

$(BUILD)/fuzz:
	mkdir -p $@

# Runs each harness for FUZZ_SECONDS on a scratch copy of its seed corpus.
fuzz-smoke: fuzz
	@set -e; for f in $(FUZZ_BIN); do n=$${f##*/fuzz_}; c=$(BUILD)/fuzz/corpus-$$n; \
	  mkdir -p $$c; cp -n tests/fuzz/corpus/$$n/* $$c/ 2>/dev/null || true; \
	  echo "== $$f ($(FUZZ_SECONDS) s)"; $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 $$c 2>&1 | tail -n 2; done

clean:
	rm -rf $(BUILD) engine

# Also the generated bitbases (rebuilding them takes about a minute).
distclean: clean
	rm -rf $(GEN)

-include $(wildcard $(BUILD)/*.d $(BUILD)/*/*.d)
