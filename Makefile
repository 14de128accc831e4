# International draughts engine: one static binary ./engine, cmocka test suites under tests/.
CC      ?= cc
ARCH    ?= -march=native
CFLAGS  ?= -O3
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Wshadow $(ARCH) -Iinclude
LDFLAGS ?=
LDLIBS  := -lm
STATIC  ?= -static

SRC      := $(wildcard src/*.c)
LIB_SRC  := $(filter-out src/main.c,$(SRC))
BUILD    := build
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/%.o)
TESTS    := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))

.PHONY: all test clean

all: engine

engine: $(LIB_OBJ) $(BUILD)/main.o
	$(CC) $(CFLAGS) $(STATIC) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(BUILD)/%.o: src/%.c | $(BUILD)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(LIB_OBJ) | $(BUILD)/tests
	$(CC) $(CFLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) -lcmocka $(LDLIBS)

# Hub engines that misbehave on purpose, for the match tests.
$(BUILD)/tests/fake_engine: tests/engines/fake_engine.c $(LIB_OBJ) | $(BUILD)/tests
	$(CC) $(CFLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

test: engine $(TESTS) $(BUILD)/tests/fake_engine
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done

clean:
	rm -rf $(BUILD) engine

-include $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d)
