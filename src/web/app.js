/* Zwaluw's page: a board to play against the engine or to analyse with it. The engine runs in a web
 * worker and speaks the Hub protocol, one line a message; it is also the referee: after every change
 * the page sends the position (`pos ... moves="..."`) and asks for `board` (the FEN and the game's
 * status) and `moves` (the legal moves), so no rule lives here. The puzzle mode is puzzle.js's, made
 * with hooks into this file. window.zwaluwPage exposes the state for tests (tests/browser/). */
(function () {
    "use strict";
    var $ = function (id) { return document.getElementById(id); };

    /* ---- Hub lines ---- */

    /* The words of a Hub line: {command, key: value, ...}; a value may be quoted. */
    function parseLine(line) {
        var out = {}, re = /\s*([^\s=]+)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g, m, first = true;
        while ((m = re.exec(line)) && m[0].length) {
            var v = m[2] === undefined ? true : m[2];
            if (typeof v === "string" && v.charAt(0) === '"')
                v = v.slice(1, -1).replace(/\\(.)/g, "$1");
            if (first)
                out.command = m[1];
            else
                out[m[1]] = v;
            first = false;
        }
        return out;
    }

    /* text as a quoted Hub value. */
    function quote(text) { return '"' + String(text).replace(/["\\]/g, "\\$&") + '"'; }

    /* ---- the engine ---- */

    /* The worker: zwaluw.js beside the page; from file://, where a worker cannot load a file, the same
     * code from zwaluw-src.js (a function, loaded as a script) through a Blob. */
    function startWorker(onReady) {
        if (location.protocol !== "file:") {
            onReady(new Worker("zwaluw.js"));
            return;
        }
        var script = document.createElement("script");
        script.src = "zwaluw-src.js";
        script.onload = function () {
            var blob = new Blob(["(" + window.zwaluwEngine.toString() + ")()"], {type: "text/javascript"});
            onReady(new Worker(URL.createObjectURL(blob)));
        };
        script.onerror = function () { status("cannot load zwaluw-src.js"); };
        document.head.appendChild(script);
    }

    var START_FEN = "W:W31-50:B1-20";   /* every variant's start */

    var state = {
        ready: false, readyMs: null,
        variant: "normal",
        base: "start",          /* the position the game started from: "start" or a FEN */
        history: [],            /* the moves played since, Hub text */
        fen: null, side: "white", status: "ongoing",
        legal: [],              /* the legal moves of the current position, Hub text */
        mode: "play",           /* play, analyse or puzzle */
        busy: null,             /* the running go: {kind: "think" | "analyze", token} */
        token: 0,               /* changes with every change of the game: a late done is dropped */
        syncing: 0,             /* position queries not yet answered */
        selected: null,
        choices: null,          /* two or more captures of the clicked ends: the player picks one */
        lines: [], depth: 0, info: null,
        stopSent: null, stopLatencyMs: null, pingSent: null, pongLatencyMs: null,
        restart: false,
        good: {base: "start", history: []},   /* the last position the engine accepted */
        log: [],
    };
    var worker = null;
    var puzzle = null;          /* puzzle.js's side of the puzzle mode */

    /* Posts one Hub line to the engine (and keeps it in the log tests read). */
    function send(line) {
        state.log.push("> " + line);
        worker.postMessage(line);
    }

    /* The engine's state in the header, and the last error under the panel. */
    function status(text) { $("engine-status").textContent = text; }
    function message(text) { $("message").textContent = text || ""; }

    /* Acts on one line from the engine. */
    function onEngineLine(line) {
        state.log.push("< " + line);
        if (state.log.length > 400)
            state.log.splice(0, 200);
        var w = parseLine(line);
        switch (w.command) {
        case "ready":
            state.ready = true;
            state.readyMs = performance.now();   /* since the page's navigation began */
            status("engine ready (" + Math.round(state.readyMs) + " ms)");
            sync();
            break;
        case "board":
            if (w.fen) {
                state.fen = w.fen;
                state.side = w.side;
                state.status = w.status;
                if (Number(w.ply) < state.history.length)   /* a move was refused: keep those before it */
                    state.history.length = Number(w.ply);
            }
            break;
        case "moves":
            state.legal = w.count === "0" ? [] : String(w.list).split(" ");
            state.syncing--;
            if (state.syncing === 0)
                afterSync();
            break;
        case "info":
            onInfo(w);
            break;
        case "done":
            onDone(w);
            break;
        case "pong":
            if (state.pingSent !== null)
                state.pongLatencyMs = performance.now() - state.pingSent;
            state.pingSent = null;
            break;
        case "error":
            message(w.message);
            if (state.syncing && /^bad position/.test(w.message)) {   /* the engine kept the last good one */
                state.base = state.good.base;
                state.history = state.good.history.slice();
            }
            break;
        }
    }

    /* ---- the game ---- */

    /* The `pos` line of the game: its start and the moves played since. */
    function posCommand() {
        var p = state.base === "start" ? "pos start" : "pos fen=" + quote(state.base);
        return state.history.length ? p + " moves=" + quote(state.history.join(" ")) : p;
    }

    /* Sends the position and asks for its FEN, status and legal moves (answered by afterSync). */
    function sync() {
        if (!state.ready)
            return;
        state.syncing++;
        send(posCommand());
        send("board");
        send("moves");
    }

    /* After any change of the game: forget the selection and the lines, stop a running go (its
     * done is dropped: the token moved on; an analysis restarts), and ask for the new position. */
    function changed() {
        state.token++;
        state.selected = null;
        state.choices = null;
        state.lines = [];
        state.depth = 0;
        if (state.busy) {
            send("stop");
            state.restart = state.mode === "analyse";
        }
        sync();
    }

    /* True when, in play mode, the side to move is the engine's. */
    function engineTurn() {
        return state.mode === "play" && state.side !== $("side").value;
    }

    /* The position's answers are in: draw it, then let the engine move or analyse when it should. */
    function afterSync() {
        state.good = {base: state.base, history: state.history.slice()};
        render();
        if (state.mode === "puzzle")
            puzzle.synced();
        if (state.busy || state.mode === "puzzle")
            return;
        if (state.status !== "ongoing")
            return;
        if (engineTurn())
            think();
        else if (state.mode === "analyse" && state.restart)
            analyse();
    }

    /* The engine plays the side to move at the level and move time chosen. */
    function think() {
        state.busy = {kind: "think", token: state.token};
        send("set-param name=skill value=" + $("skill").value);
        send("level move-time=" + $("move-time").value);
        send("go think");
        status("engine thinking…");
    }

    /* Analyses the position with the lines chosen, until stop. */
    function analyse() {
        state.restart = false;
        if (state.status !== "ongoing" || state.busy)
            return;
        state.lines = [];
        state.depth = 0;
        state.busy = {kind: "analyze", token: state.token};
        send("set-param name=multipv value=" + $("multipv").value);
        send("go analyze");
        status("analysing…");
    }

    /* Stops the running go; its done comes back (the page times the wait). */
    function stop() {
        if (!state.busy)
            return;
        state.stopSent = performance.now();
        send("stop");
    }

    /* The end of a go: an engine move still of this game is played; else the page catches up. */
    function onDone(w) {
        var busy = state.busy;
        state.busy = null;
        if (state.stopSent !== null) {
            state.stopLatencyMs = performance.now() - state.stopSent;
            state.stopSent = null;
        }
        status("engine ready");
        if (busy && busy.kind === "think" && busy.token === state.token && w.move) {
            state.history.push(w.move);
            changed();
            return;
        }
        if (state.syncing === 0 && (state.restart || (busy && busy.token !== state.token)))
            afterSync();
    }

    /* An analysis line: kept per multipv rank, the deepest first. */
    function onInfo(w) {
        if (!state.busy || state.busy.kind !== "analyze" || state.busy.token !== state.token)
            return;
        var depth = parseInt(w.depth, 10), k = (parseInt(w.multipv, 10) || 1) - 1;
        if (depth > state.depth) {
            state.depth = depth;
            state.lines = state.lines.slice();
        }
        state.info = w;
        state.lines[k] = {score: w.score, depth: depth, pv: w.pv || ""};
        renderAnalysis();
    }

    /* ---- the board ---- */

    /* {square: {color, king}} from a FEN such as W:W31,32,K45:B1-20. */
    function parseFen(fen) {
        var pieces = {}, parts = String(fen).replace(/\s+/g, "").split(":");
        for (var i = 1; i < parts.length; i++) {
            var color = parts[i].charAt(0) === "W" ? "white" : "black";
            parts[i].slice(1).split(",").forEach(function (item) {
                if (!item)
                    return;
                var king = item.charAt(0) === "K";
                var range = (king ? item.slice(1) : item).split("-");
                var from = parseInt(range[0], 10), to = parseInt(range[range.length - 1], 10);
                for (var s = from; s <= to; s++)
                    pieces[s] = {color: color, king: king};
            });
        }
        return pieces;
    }

    /* The squares of a move's text in their order: 32-28 is [32, 28], 28x19x23 [28, 19, 23]. */
    function squaresOf(move) { return move.split(/[-x]/).map(Number); }

    /* The from and to squares of a move written 32-28 or 28x19x23 (captures: from, to, captured). */
    function ends(move) {
        var n = squaresOf(move);
        return {from: n[0], to: n[1]};
    }

    /* A move as players write it: 32-28, and a capture by its ends, 28x19, where the Hub writes the
     * captured squares after them (28x19x23); the page's state keeps the Hub's form. */
    function shown(move) {
        var n = move.split("x");
        return n.length > 2 ? n[0] + "x" + n[1] : move;
    }

    /* The square number at row, col of the board seen from White (0: a light square). */
    function squareAt(row, col) { return (row + col) % 2 === 1 ? row * 5 + (col >> 1) + 1 : 0; }

    /* The 100 squares, turned when the player has Black (a puzzle's solver too); dark ones carry
     * data-square. */
    function buildBoard() {
        var board = $("board");
        board.textContent = "";
        var flip = state.mode === "play" ? $("side").value === "black" :
            state.mode === "puzzle" && state.base.charAt(0) === "B";
        for (var r = 0; r < 10; r++) {
            for (var c = 0; c < 10; c++) {
                var row = flip ? 9 - r : r, col = flip ? 9 - c : c, s = squareAt(row, col);
                var div = document.createElement("div");
                div.className = "sq " + (s ? "dark" : "light");
                if (s) {
                    div.dataset.square = s;
                    var num = document.createElement("span");
                    num.className = "num";
                    num.textContent = s;
                    div.appendChild(num);
                    div.addEventListener("click", onSquare.bind(null, s));
                }
                board.appendChild(div);
            }
        }
    }

    /* Draws the pieces, the last move, the selection and its targets, and the panel. */
    function render() {
        buildBoard();
        var pieces = state.fen ? parseFen(state.fen) : {};
        var last = state.history.length ? ends(state.history[state.history.length - 1]) : null;
        var targets = {};
        if (state.selected)
            state.legal.forEach(function (m) { var e = ends(m); if (e.from === state.selected) targets[e.to] = true; });
        document.querySelectorAll("#board .sq.dark").forEach(function (div) {
            var s = Number(div.dataset.square), p = pieces[s];
            if (p) {
                var piece = document.createElement("div");
                piece.className = "piece " + p.color + (p.king ? " king" : "");
                div.appendChild(piece);
            }
            if (last && (s === last.from || s === last.to))
                div.classList.add("last");
            if (s === state.selected)
                div.classList.add("selected");
            if (targets[s])
                div.classList.add("target");
        });
        if (state.mode === "puzzle")
            puzzle.decorate();
        renderChoices();
        renderStatus();
        renderHistory();
        renderAnalysis();
    }

    /* The captured squares of a capture's Hub text (28x19x23: [23]). */
    function takenBy(move) { return squaresOf(move).slice(2); }

    /* The captures sharing the clicked ends, one button each naming the pieces it takes; pointing
     * at one marks those pieces on the board. */
    function renderChoices() {
        var box = $("choose");
        box.textContent = "";
        box.hidden = !state.choices;
        if (!state.choices)
            return;
        var head = document.createElement("div");
        head.textContent = shown(state.choices[0]) + " captures in " + state.choices.length + " ways: which pieces?";
        box.appendChild(head);
        state.choices.forEach(function (m) {
            var b = document.createElement("button");
            b.type = "button";
            b.textContent = "takes " + takenBy(m).join(", ");
            b.dataset.move = m;
            b.onclick = function () { play(m); };
            b.onmouseenter = function () { markTaken(m, true); };
            b.onmouseleave = function () { markTaken(m, false); };
            box.appendChild(b);
        });
    }

    /* The board's div of square s (null before the board is drawn). */
    function squareDiv(s) { return document.querySelector('#board [data-square="' + s + '"]'); }

    function markTaken(move, on) {
        takenBy(move).forEach(function (s) {
            var div = squareDiv(s);
            if (div)
                div.classList.toggle("taken", on);
        });
    }

    /* The player's legal move m, from the board or the chooser. */
    function play(m) {
        state.choices = null;
        if (state.mode === "puzzle") {
            puzzle.tried(m);
            return;
        }
        state.history.push(m);
        changed();
    }

    /* The side to move, or the result and why. */
    function renderStatus() {
        var text = (state.side === "white" ? "White" : "Black") + " to move";
        if (state.status !== "ongoing") {
            var st = state.status, mover = state.side === "white" ? "White" : "Black";
            var other = state.side === "white" ? "Black" : "White";
            var result = /which wins/.test(st) ? mover + " wins" : /no legal move|crowned/.test(st) ? other + " wins" : "Draw";
            text = "Game over: " + result + " (" + st + ")";
        }
        $("game-status").textContent = text;
    }

    /* The moves, numbered. */
    function renderHistory() {
        var parts = [], black = state.fen && state.base !== "start" && state.base.charAt(0) === "B" ? 1 : 0;
        state.history.forEach(function (m, i) {
            var ply = i + black;
            parts.push((ply % 2 === 0 ? (ply / 2 + 1) + ". " : i === 0 ? "1. … " : "") + shown(m));
        });
        var box = $("history");
        box.textContent = parts.join(" ");
        box.scrollTop = box.scrollHeight;   /* the latest moves in view */
    }

    /* The analysis: depth, nodes, speed, and each line's score and moves. */
    function renderAnalysis() {
        var list = $("lines");
        list.textContent = "";
        if (state.mode !== "analyse")
            return;
        var w = state.info;
        $("analysis-head").textContent = w ? "depth " + w.depth + " (mean " + w["mean-depth"] + "), " + w.nodes +
            " nodes, " + w.nps + " M nodes/s" : "";
        state.lines.forEach(function (l) {
            if (!l)
                return;
            var li = document.createElement("li"), sc = document.createElement("span");
            sc.className = "score";
            sc.textContent = (Number(l.score) > 0 ? "+" : "") + l.score;
            li.appendChild(sc);
            li.appendChild(document.createTextNode("d" + l.depth + "  " + l.pv.split(" ").map(shown).join(" ")));
            list.appendChild(li);
        });
    }

    /* A click on square s: selects a piece that can move, or plays the selected piece's move
     * to s; when several captures share those ends, the chooser asks which (another click on the
     * board drops the question). */
    function onSquare(s) {
        if (!state.ready || state.syncing || state.status !== "ongoing")
            return;
        if (state.mode === "play" && (engineTurn() || state.busy))
            return;
        if (state.mode === "puzzle" && !puzzle.accepts())
            return;
        state.choices = null;
        if (state.selected) {
            var pick = state.legal.filter(function (m) { var e = ends(m); return e.from === state.selected && e.to === s; });
            if (pick.length === 1) {
                play(pick[0]);
                return;
            }
            if (pick.length > 1) {
                state.choices = pick;
                render();
                return;
            }
        }
        var movable = state.legal.some(function (m) { return ends(m).from === s; });
        state.selected = movable ? s : null;
        render();
    }

    /* ---- set-up: FEN, PDN, variants ---- */

    /* The start FEN (or null), the moves of the main line and the tags (by lower-case name, the
     * first of each) of a simple PDN game. */
    function parsePdn(text) {
        var tags = {}, re = /\[(\w+)\s+"([^"]*)"\]/g, t;
        while ((t = re.exec(text)))
            if (!(t[1].toLowerCase() in tags))
                tags[t[1].toLowerCase()] = t[2];
        var body = text.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ").replace(/;[^\n]*/g, " ");
        while (/\([^()]*\)/.test(body))
            body = body.replace(/\([^()]*\)/g, " ");
        var moves = [];
        body.split(/\s+/).forEach(function (tok) {
            tok = tok.replace(/^\d+\.+/, "").replace(/[!?]+$/, "");
            if (!/^\d+([-x]\d+)+$/.test(tok))
                return;
            var n = squaresOf(tok);
            if (n.every(function (q) { return q >= 1 && q <= 50; }) && n[0] !== n[1])
                moves.push(tok);
        });
        return {fen: tags.fen || null, moves: moves, tags: tags};
    }

    /* A new game from the start position (the engine forgets its tables). */
    function newGame() {
        state.base = "start";
        state.history = [];
        send("new-game");
        changed();
    }

    /* The variant chosen in the menu, from a new game. */
    function setVariant() {
        state.variant = $("variant").value;
        if (state.busy)
            send("stop");
        send("set-param name=variant value=" + state.variant);
        newGame();
    }

    /* Takes back the player's last move and the engine's reply (in analysis: one move). */
    function undo() {
        if (state.mode === "play") {
            var n = engineTurn() || state.busy ? 1 : 2;
            state.history.splice(Math.max(0, state.history.length - n));
        } else {
            state.history.pop();
        }
        changed();
    }

    /* Play, analyse or puzzles; a running go stops. A puzzle sets its own position and variant. */
    function setMode(mode) {
        if (state.mode === "puzzle" && mode !== "puzzle")
            puzzle.leave();
        state.mode = mode;
        ["play", "analyse", "puzzle"].forEach(function (m) {
            $("tab-" + m).classList.toggle("active", mode === m);
            $(m + "-panel").hidden = mode !== m;
        });
        $("variant-row").hidden = $("setup").hidden = mode === "puzzle";
        if (state.busy)
            send("stop");
        state.token++;
        if (mode === "puzzle")
            puzzle.enter();
        render();
        if (mode === "play" && !state.busy && state.status === "ongoing" && engineTurn())
            think();
    }

    /* Fills the menus, binds the controls, starts the engine and sends hub and init. */
    function init() {
        for (var k = 20; k >= 1; k--) {
            var o = document.createElement("option");
            o.value = k;
            o.textContent = k === 20 ? "20 (full strength)" : String(k);
            $("skill").appendChild(o);
        }
        $("skill").value = "10";
        $("tab-play").onclick = function () { setMode("play"); };
        $("tab-analyse").onclick = function () { setMode("analyse"); };
        $("tab-puzzle").onclick = function () { setMode("puzzle"); };
        $("new-game").onclick = newGame;
        $("undo").onclick = undo;
        $("back").onclick = undo;
        $("engine-move").onclick = function () {
            if (!state.busy && state.status === "ongoing") {
                $("side").value = state.side === "white" ? "black" : "white";
                render();
                think();
            }
        };
        $("side").onchange = function () { if (!state.busy) afterSync(); else render(); };
        $("variant").onchange = setVariant;
        $("analyse").onclick = analyse;
        $("stop").onclick = stop;
        $("set-fen").onclick = function () {
            state.base = $("fen").value.trim() || "start";
            state.history = [];
            changed();
        };
        $("set-pdn").onclick = function () {
            var g = parsePdn($("pdn").value);
            state.base = g.fen || "start";
            state.history = g.moves;
            changed();
        };
        puzzle = window.zwaluwPuzzle({state: state, changed: changed, render: render, setVariant: setVariant,
                                      ends: ends, squaresOf: squaresOf, squareAt: squareAt, parseFen: parseFen,
                                      parsePdn: parsePdn, takenBy: takenBy, squareDiv: squareDiv});
        state.fen = START_FEN;   /* the board at once: the engine's own answer replaces it when it is ready */
        render();
        startWorker(function (w) {
            worker = w;
            worker.onmessage = function (e) { onEngineLine(String(e.data)); };
            worker.onerror = function (e) { status("engine error: " + e.message); };
            send("hub");
            send("init");
        });
    }

    init();
    window.zwaluwPage = {
        state: state,
        send: function (line) { send(line); },
        ping: function () { state.pingSent = performance.now(); send("ping"); },
        parsePdn: parsePdn,
        puzzle: puzzle,
    };
})();
