# International draughts engine: one static binary ./engine, cmocka test suites under tests/.
CC      ?= cc
ARCH    ?= -march=native
OPT     ?= -O3 -flto
CFLAGS  ?=
WARN    := -Wall -Wextra -Werror -Wshadow
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OPT) $(ARCH) $(CFLAGS) -Iinclude
LDFLAGS ?=
STATIC  ?= -static

SRC      := $(wildcard src/*.c)
LIB_SRC  := $(filter-out src/main.c,$(SRC))
BUILD    := build
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/%.o)
TESTS    := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))

.PHONY: all test clean

all: engine

engine: $(LIB_OBJ) $(BUILD)/main.o
	$(CC) $(ALL_CFLAGS) $(STATIC) -o $@ $^ $(LDFLAGS)

$(BUILD)/%.o: src/%.c | $(BUILD)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(LIB_OBJ) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(LDFLAGS) -lcmocka

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

test: engine $(TESTS)
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done

clean:
	rm -rf $(BUILD) engine

-include $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d)
