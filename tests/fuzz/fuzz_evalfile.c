/* libFuzzer harness: the weight file reader (`hub --weights FILE` and `eval info FILE` read files
 * from anywhere). The input is a file without its checksum, which the harness appends, so that
 * mutations reach the parser instead of stopping at the CRC. Invariants: a refusal says why; an
 * accepted file's weights encode and decode back to themselves, variant and note included. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "eval/eval_file.h"
#include "eval/eval_weights.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

static EvalWeight weights[EVAL_FEATURE_COUNT], again[EVAL_FEATURE_COUNT];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *file = malloc(size + 4);
    CHECK(file != NULL);
    memcpy(file, data, size);
    uint32_t crc = eval_file_crc32(data, size);
    for (int k = 0; k < 4; k++)
        file[size + k] = (uint8_t)(crc >> (8 * k));
    EvalFileHeader head, head2;
    char why[EVAL_FILE_WHY_MAX] = "";
    if (!eval_file_decode(file, size + 4, VARIANT_COUNT, weights, &head, why, sizeof why)) {
        CHECK(why[0] != '\0');
        free(file);
        return 0;
    }
    CHECK(strlen(head.note) <= EVAL_FILE_NOTE_MAX && eval_weights_variant(head.variant) == head.variant);
    EvalFileLayout layout;
    eval_file_layout(&layout);
    size_t len;
    uint8_t *bytes = eval_file_encode(&layout, variant_name(head.variant), head.note, weights, &len);
    CHECK(bytes != NULL);
    CHECK(eval_file_decode(bytes, len, head.variant, again, &head2, why, sizeof why));
    CHECK(memcmp(weights, again, sizeof weights) == 0 && strcmp(head.note, head2.note) == 0);
    free(bytes);
    free(file);
    return 0;
}
