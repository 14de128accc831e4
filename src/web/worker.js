/* The engine's side of the page (make wasm puts it ahead of Emscripten's loader in zwaluw.js):
 * in a web worker, each message the page posts is one Hub line (several lines split at newlines)
 * and each line the engine prints is posted back as one message, a string, as Scan's worker does.
 * Under node (the bench, tests), the lines come from stdin and go to stdout.
 * The C side reads the queue through Module.zwaluwInput (src/util/input.c): take() copies queued
 * bytes, wait() hands control back to the event loop until a line comes or the time is up. */
(function () {
    "use strict";
    var isNode = typeof process === "object" && process.versions && process.versions.node;
    var encoder = new TextEncoder();
    var pending = [];      /* Uint8Array chunks not yet read by the engine */
    var ended = false;     /* no more input (node: stdin closed) */
    var waker = null;      /* the engine's wake-up while it waits */
    var timer = null;

    /* Resumes the engine if it waits. */
    function wake() {
        if (timer !== null) {
            clearTimeout(timer);
            timer = null;
        }
        if (waker) {
            var w = waker;
            waker = null;
            w();
        }
    }

    /* Queues a message's lines for the engine. */
    function push(text) {
        var lines = String(text).split(/\r?\n/);
        if (lines.length > 1 && lines[lines.length - 1] === "")
            lines.pop();
        for (var i = 0; i < lines.length; i++)
            pending.push(encoder.encode(lines[i] + "\n"));
        wake();
    }

    /* One turn of the event loop without the 4 ms clamp of nested timers. */
    var yieldNow;
    if (isNode) {
        yieldNow = function (f) { setImmediate(f); };
    } else {
        var channel = new MessageChannel(), queued = [];
        channel.port1.onmessage = function () { queued.shift()(); };
        yieldNow = function (f) { queued.push(f); channel.port2.postMessage(0); };
    }

    Module["zwaluwInput"] = {
        take: function (ptr, size) {
            var n = 0;
            while (pending.length && n < size) {
                var chunk = pending[0], k = Math.min(chunk.length, size - n);
                HEAPU8.set(chunk.subarray(0, k), ptr + n);
                n += k;
                if (k === chunk.length)
                    pending.shift();
                else
                    pending[0] = chunk.subarray(k);
            }
            return n === 0 && ended ? -1 : n;
        },
        wait: function (ms, wakeUp) {
            if (ms === 0 || pending.length || ended) {
                yieldNow(wakeUp);
                return;
            }
            waker = wakeUp;
            if (ms > 0)
                timer = setTimeout(wake, ms);
        },
    };

    if (isNode) {
        Module["print"] = function (line) { process.stdout.write(line + "\n"); };
        if (process.argv.length <= 2) {   /* the Hub loop: stdin's lines */
            require("readline").createInterface({input: process.stdin}).on("line", push).on("close", function () {
                ended = true;
                wake();
            });
        }
    } else {
        Module["print"] = function (line) { postMessage(line); };
        Module["printErr"] = function (line) { console.warn("zwaluw: " + line); };
        onmessage = function (e) { push(e.data); };
    }
})();
