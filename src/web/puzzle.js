/* The page's puzzle mode, made once by app.js: window.zwaluwPuzzle(page), page being app.js's hooks.
 * A puzzle is a game of a PDN file as `engine puzzles` writes it: its FEN the position, the side to
 * move the solver, its moves the solution, the solver's moves alternating with the replies that
 * defend best. The panel's filter (kind, lowest rating) says which puzzles of the set the menu,
 * Next and the first unsolved take. The player clicks the solver's moves; a right one stays and
 * the reply follows after a pause, a wrong one is shown, said and taken back. Solved puzzles are kept in localStorage by
 * their FEN, so a puzzle counts as solved in every set that holds it. The built-in sets come from
 * puzzles.js, which make writes from book/puzzles/ (a page from file:// can fetch nothing). */
window.zwaluwPuzzle = function (page) {
    "use strict";
    var $ = function (id) { return document.getElementById(id); };
    var state = page.state;
    var STORE = "zwaluw-puzzles-solved";
    var REPLY_MS = 600;        /* the pause before the reply: the player sees the move stand */
    var TAKE_BACK_MS = 900;    /* how long a wrong move stays on the board, long enough to see it */

    /* ---- puzzle files ---- */

    /* The games of a PDN text: a tag line after movetext begins the next game. */
    function splitGames(text) {
        var games = [], game = "", moved = false;
        text.split(/\r?\n/).forEach(function (line) {
            var tag = /^\s*\[/.test(line);
            if (tag && moved) {
                games.push(game);
                game = "";
                moved = false;
            }
            moved = moved || (!tag && /\S/.test(line));
            game += line + "\n";
        });
        if (moved)
            games.push(game);
        return games;
    }

    /* The puzzles of a PDN text: its games that have a FEN and moves. */
    function readSet(text) {
        return splitGames(text).map(page.parsePdn).filter(function (g) { return g.fen && g.moves.length; })
            .map(function (g) {
                return {fen: g.fen, moves: g.moves, themes: g.tags.themes || "", rating: g.tags.rating || "",
                        kind: g.tags.kind || "win", source: g.tags.source || ""};
            });
    }

    /* The puzzles solved, by FEN; localStorage may be refused (a private window), and then the
     * count lasts as long as the page. */
    function loadSolved() {
        try {
            return JSON.parse(localStorage.getItem(STORE)) || {};
        } catch (e) {
            return {};
        }
    }

    function saveSolved() {
        try {
            localStorage.setItem(STORE, JSON.stringify(solved));
        } catch (e) { /* kept in the page only, as loadSolved says */ }
    }

    var sets = (window.zwaluwPuzzleSets || []).map(function (s) { return {name: s.name, puzzles: readSet(s.pdn)}; });
    var solved = loadSolved();
    var puz = {
        set: 0, index: null,   /* the puzzle shown; index null until the mode is first entered */
        pending: null,         /* a change of ours the engine has not answered: {kind, plies} */
        timer: null,           /* the reply or take-back to come */
        hint: 0,               /* 1: the piece to move is shown, 2: its destination too */
        done: false, broken: false,
    };

    /* The puzzles of the set chosen (none before a set exists). */
    function setList() { return sets[puz.set] ? sets[puz.set].puzzles : []; }

    function current() {
        var s = sets[puz.set];
        return s && puz.index !== null ? s.puzzles[puz.index] || null : null;
    }

    /* Whether puzzle p passes the panel's filter: its kind, and its rating at least the lowest
     * asked (a puzzle without a rating passes only "any"). */
    function wanted(p) {
        var kind = $("puzzle-kind").value, low = Number($("puzzle-rating").value);
        return (kind === "all" || p.kind === kind) && (!low || Number(p.rating) >= low);
    }

    /* The indices of the set's puzzles that pass the filter. */
    function listed() {
        var list = setList(), out = [];
        list.forEach(function (p, i) { if (wanted(p)) out.push(i); });
        return out;
    }

    /* ---- moves ---- */

    /* Where square s is: its row and column seen from White (the inverse of page.squareAt). */
    function place(s) {
        var row = Math.floor((s - 1) / 5);
        return {row: row, col: 2 * ((s - 1) % 5) + (row % 2 === 0 ? 1 : 0)};
    }

    /* The occupied squares strictly between two landing squares of a PDN path, on their diagonal:
     * the pieces that path takes. */
    function takenOnPath(path) {
        var pieces = page.parseFen(state.fen), taken = [];
        for (var i = 1; i < path.length; i++) {
            var a = place(path[i - 1]), b = place(path[i]), n = Math.abs(b.row - a.row);
            if (n !== Math.abs(b.col - a.col))
                continue;   /* landing squares left out between these two */
            for (var k = 1; k < n; k++) {
                var s = page.squareAt(a.row + k * Math.sign(b.row - a.row), a.col + k * Math.sign(b.col - a.col));
                if (pieces[s])
                    taken.push(s);
            }
        }
        return taken;
    }

    /* The legal move (the Hub's text, which the engine reads) that a PDN move names: the one from
     * its first square to its last. PDN lists the landing squares only when two captures share
     * those ends, and then the one meant takes the pieces on that path. */
    function hubMove(pdn) {
        var path = page.squaresOf(pdn), from = path[0], to = path[path.length - 1];
        var found = state.legal.filter(function (m) { var e = page.ends(m); return e.from === from && e.to === to; });
        if (found.length < 2)
            return found[0] || null;
        var taken = takenOnPath(path);
        return found.filter(function (m) {
            var took = page.takenBy(m);
            return taken.every(function (s) { return took.indexOf(s) >= 0; });
        })[0] || found[0];
    }

    /* ---- the puzzle shown ---- */

    function say(text, kind) {
        $("puzzle-say").textContent = text;
        $("puzzle-say").className = kind || "";
    }

    /* Shows puzzle i of the current set from its start. */
    function show(i) {
        clearTimeout(puz.timer);
        puz.timer = null;
        puz.index = i;
        puz.hint = 0;
        puz.done = puz.broken = false;
        say("");
        fillPicker();
        var p = current();
        if (!p) {
            puz.pending = null;
            say(setList().length ? "No puzzle of this set is of the kind and rating asked." :
                "No puzzles: load a puzzle file (PDN).");
            page.render();
            return;
        }
        puz.pending = {kind: "load", plies: 0};
        state.base = p.fen;
        state.history = [];
        if (!state.ready)
            state.fen = p.fen;   /* shown at once; the engine's answer replaces it when it is ready */
        page.changed();
    }

    /* The first puzzle the filter lets through not yet solved (the first when all are; null when
     * it lets none through). */
    function firstUnsolved() {
        var list = setList(), shown = listed();
        for (var k = 0; k < shown.length; k++)
            if (!solved[list[shown[k]].fen])
                return shown[k];
        return shown.length ? shown[0] : null;
    }

    /* True when the solver's move is awaited from the board. */
    function accepts() {
        return !!current() && !puz.pending && !puz.timer && !puz.done && !puz.broken;
    }

    /* The player's move, legal: right when it is the solution's (the one the solution's text
     * names: its landing squares tell two captures of the same ends apart), else played to be
     * taken back. */
    function tried(move) {
        var p = current(), right = move === hubMove(p.moves[state.history.length]);
        state.history.push(move);
        puz.pending = {kind: right ? "right" : "wrong", plies: state.history.length};
        if (right)
            puz.hint = 0;
        say(right ? "Right." : "Not the move — try again.", right ? "good" : "bad");
        page.changed();
    }

    /* The engine has answered the position: what our last change asked for comes next. */
    function synced() {
        var pend = puz.pending, p = current();
        if (!pend || !p)
            return;
        puz.pending = null;
        if (state.base !== p.fen || state.history.length !== pend.plies) {   /* the engine refused it */
            puz.broken = true;
            say(state.base !== p.fen ? "This puzzle's FEN cannot be played." :
                "The solution's move " + p.moves[state.history.length] + " is not legal here.", "bad");
        } else if (pend.kind === "wrong") {
            puz.timer = setTimeout(takeBack, TAKE_BACK_MS);
        } else if (pend.kind !== "back" && state.history.length === p.moves.length) {
            finish(p);
        } else if (pend.kind === "right") {
            puz.timer = setTimeout(reply, REPLY_MS);
        } else if (pend.kind === "reply") {
            say("Right. Your move.", "good");
        }
        page.render();
    }

    function takeBack() {
        puz.timer = null;
        state.history.pop();
        puz.pending = {kind: "back", plies: state.history.length};
        page.changed();
    }

    /* The solution's reply to the player's move. */
    function reply() {
        puz.timer = null;
        var m = hubMove(current().moves[state.history.length]);
        state.history.push(m || current().moves[state.history.length]);   /* an illegal one is the engine's to refuse */
        puz.pending = {kind: "reply", plies: state.history.length};
        page.changed();
    }

    function finish(p) {
        puz.done = true;
        solved[p.fen] = true;
        saveSolved();
        say("Solved!", "good");
        fillPicker();
    }

    /* ---- the panel ---- */

    /* The menu of sets: the built-in ones, then the files loaded. */
    function fillSets() {
        var menu = $("puzzle-set");
        menu.textContent = "";
        sets.forEach(function (s, i) {
            var o = document.createElement("option");
            o.value = i;
            o.textContent = s.name + " (" + s.puzzles.length + ")";
            menu.appendChild(o);
        });
        menu.value = puz.set;
    }

    /* The menu of the set's puzzles the filter lets through, those solved ticked. */
    function fillPicker() {
        var menu = $("puzzle-pick"), list = setList();
        menu.textContent = "";
        listed().forEach(function (i) {
            var p = list[i], o = document.createElement("option");
            o.value = i;
            o.textContent = (i + 1) + (solved[p.fen] ? " ✓ " : "   ") + p.themes + " " + p.rating;
            menu.appendChild(o);
        });
        menu.value = puz.index === null ? 0 : puz.index;
    }

    /* Marks square s of the board with a class. */
    function mark(s, name) {
        var div = page.squareDiv(s);
        if (div)
            div.classList.add(name);
    }

    /* The puzzle's task, themes, rating and source, the count solved, and the hint on the board
     * (app.js calls it after every drawing of the board in puzzle mode). */
    function decorate() {
        var p = current(), list = setList();
        var count = list.filter(function (q) { return solved[q.fen]; }).length;
        var shown = listed().length;
        $("puzzle-count").textContent = "solved " + count + " of " + list.length +
            (shown < list.length ? " (" + shown + " of the kind and rating asked)" : "");
        if (!p) {
            $("puzzle-task").textContent = $("puzzle-about").textContent = "";
            return;
        }
        var side = p.fen.charAt(0).toUpperCase() === "B" ? "Black" : "White";
        $("puzzle-task").textContent = "Puzzle " + (puz.index + 1) + " of " + list.length + ": " + side +
            " to move and " + (p.kind === "save" ? "save the game" : "win");
        $("puzzle-about").textContent = [p.themes, p.rating && "rating " + p.rating, p.source,
                                         solved[p.fen] && !puz.done ? "solved before" : ""].filter(Boolean).join(" · ");
        if (puz.hint && accepts()) {
            var path = page.squaresOf(p.moves[state.history.length]);
            mark(path[0], "hint-from");
            if (puz.hint > 1)
                mark(path[path.length - 1], "hint-to");
        }
    }

    /* Entering the mode: the puzzle shown last, from its start (the first unsolved one at first). */
    function enter() {
        if (state.variant !== "normal") {   /* the puzzles are international draughts' */
            $("variant").value = "normal";
            page.setVariant();
        }
        show(puz.index === null ? firstUnsolved() : puz.index);
    }

    function leave() {
        clearTimeout(puz.timer);
        puz.timer = null;
        puz.pending = null;
    }

    /* A file chosen: its puzzles become a set of the menu (replacing one of the same name). */
    function loadFile(file) {
        file.text().then(function (text) {
            var list = readSet(text);
            if (!list.length) {
                say("No puzzle in " + file.name + ": a puzzle is a PDN game with a FEN and moves.", "bad");
                return;
            }
            var i = sets.findIndex(function (s) { return s.name === file.name; });
            if (i < 0)
                i = sets.length;
            sets[i] = {name: file.name, puzzles: list};
            puz.set = i;
            fillSets();
            show(firstUnsolved());
        });
    }

    $("puzzle-hint").onclick = function () {
        if (accepts()) {
            puz.hint = Math.min(puz.hint + 1, 2);
            page.render();
        }
    };
    $("puzzle-again").onclick = function () { if (current()) show(puz.index); };
    $("puzzle-next").onclick = function () {   /* the next the filter lets through, round to the first */
        var shown = listed();
        if (shown.length)
            show(shown.filter(function (i) { return i > puz.index; })[0] || shown[0]);
    };
    $("puzzle-kind").onchange = $("puzzle-rating").onchange = function () { show(firstUnsolved()); };
    $("puzzle-pick").onchange = function () { show(Number(this.value)); };
    $("puzzle-set").onchange = function () {
        puz.set = Number(this.value);
        show(firstUnsolved());
    };
    $("puzzle-file").onchange = function () {
        if (this.files.length)
            loadFile(this.files[0]);
        this.value = "";   /* the same file chosen again is read again */
    };
    fillSets();

    return {enter: enter, leave: leave, accepts: accepts, tried: tried, synced: synced, decorate: decorate};
};
