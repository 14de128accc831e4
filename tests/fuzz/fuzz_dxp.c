/* libFuzzer harness: the DXP message parser and framer on arbitrary bytes.
 * Invariants: every message the parser accepts formats back to exactly the bytes it was read from
 * (fields are fixed-width), but for a request's thinking time, which comes back in our one form of
 * its value (`.50` as `0.5`) and reads back to that value; a move it accepts names squares 1-50;
 * the framer cuts the same messages whether the bytes come in one piece or two. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dxp/dxp_msg.h"
#include "rules/rules.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

/* Cuts data into messages, fed in two pieces split at cut; returns how many, checking each. */
static int frame_all(const uint8_t *data, size_t size, size_t cut)
{
    DxpFramer f;
    dxp_frame_init(&f);
    int count = 0;
    const char *msg;
    size_t len;
    dxp_frame_feed(&f, (const char *)data, cut);
    for (int r; (r = dxp_frame_next(&f, &msg, &len)) != 0; count++)
        CHECK(len <= DXP_MSG_MAX && strlen(msg) == len);
    dxp_frame_feed(&f, (const char *)data + cut, size - cut);
    for (int r; (r = dxp_frame_next(&f, &msg, &len)) != 0; count++)
        CHECK(len <= DXP_MSG_MAX && strlen(msg) == len);
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        rules_init();
        ready = true;
    }
    if (size > 4096)
        return 0;
    DxpMsg m;
    if (dxp_msg_parse((const char *)data, size, &m) == NULL) {
        char text[DXP_MSG_MAX + 1];
        size_t len = dxp_msg_format(&m, text, sizeof text);
        CHECK(len == size);
        if (m.type == DXP_REQUEST) {   /* the thinking time is the 3 characters from 36 */
            DxpMsg again;
            CHECK(memcmp(text, data, 36) == 0 && memcmp(text + 39, data + 39, size - 39) == 0);
            CHECK(dxp_msg_parse(text, len, &again) == NULL && again.request.centiminutes == m.request.centiminutes);
        } else {
            CHECK(memcmp(text, data, size) == 0);
        }
        if (m.type == DXP_MOVE) {
            CHECK(m.from >= 1 && m.from <= 50 && m.to >= 1 && m.to <= 50);
            for (int i = 0; i < m.captured_count; i++)
                CHECK(m.captured[i] >= 1 && m.captured[i] <= 50);
        }
        if (m.type == DXP_REQUEST) {
            Position pos;
            CHECK(dxp_msg_request_position(&m.request, &pos) == NULL);
        }
    }
    CHECK(frame_all(data, size, 0) == frame_all(data, size, size / 2));
    return 0;
}
