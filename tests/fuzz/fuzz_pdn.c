/* libFuzzer harness: PDN reader. Any input either yields records whose games replay legally
 * from their FEN, or a message; a record that was read writes back to text that reads back to
 * the same game and result. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "match/pdn.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

static Game game, again;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 8192)
        return 0;
    rules_init();
    FILE *in = fmemopen((void *)data, size, "r");
    CHECK(in != NULL);
    PdnRecord rec = {.game = &game};
    char err[512];
    int r;
    while ((r = pdn_read_game(in, &rec, err, sizeof err)) == 1) {
        int white_points = strcmp(rec.result, "2-0") == 0 ? 2 : strcmp(rec.result, "1-1") == 0 ? 1
                           : strcmp(rec.result, "0-2") == 0 ? 0 : -1;
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        CHECK(out != NULL);
        PdnHeader h = {"e", "s", "d", "w", "b", "t", 1};
        pdn_write_game(out, &h, &game, white_points, NULL);
        fclose(out);
        FILE *back = fmemopen(text, len, "r");
        PdnRecord rec2 = {.game = &again};
        CHECK(pdn_read_game(back, &rec2, err, sizeof err) == 1);
        CHECK(again.ply == game.ply);
        for (int i = 0; i <= game.ply; i++)
            CHECK(again.pos[i].key == game.pos[i].key);
        CHECK(strcmp(rec2.result, pdn_result_text(white_points)) == 0);
        fclose(back);
        free(text);
    }
    CHECK(r == 0 || err[0] != '\0');
    fclose(in);
    return 0;
}
