"""The page of `grundy serve` in a real headless Chromium, driven by Playwright.

Usage: explore.py BASE_URL SCREENSHOT_DIR CHROMIUM. Run by tests/serve_browser.rs. Every
check raises (exit 1) with what it saw; screenshots are saved for a person to look at.
"""

import re
import sys
import tempfile

from playwright.sync_api import expect, sync_playwright

BASE, SHOTS, CHROMIUM = sys.argv[1], sys.argv[2], sys.argv[3]
# Without the background-networking flags Chromium hangs on a closed network.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Kayles: G(0..=11), and its period (Guy–Smith certificate).
KAYLES = ["0", "1", "2", "3", "1", "4", "3", "2", "1", "4", "2", "6"]


def shot(page, name):
    page.screenshot(path=f"{SHOTS}/{name}", full_page=True)
    print(f"screenshot: {SHOTS}/{name}")


def open_link(page, url):
    """Opens a shared link as a fresh tab would (not as a same-page hash change)."""
    page.goto("about:blank")
    page.goto(url)


def choose_game(page, name):
    page.fill("#game", name)
    page.dispatch_event("#game", "change")


def left_plays(page, game, position, clicks, logged):
    """Opens `position` of `game` with the person as Left, to move; clicks `clicks` in turn;
    the person's move (`logged` in the log) and the engine's reply follow."""
    open_link(page, BASE + f"#tab=play&game={game}&p={position}&side=left&start=you")
    for selector in clicks:
        page.click(selector)
    expect(page.locator("#log li")).to_have_count(2)
    log = page.inner_text("#log")
    assert logged in log, log
    shot(page, f"{game}.png")


def kayles_table(page):
    page.goto(BASE)
    page.click("nav button[data-tab=table]")
    choose_game(page, "kayles")
    page.click("#table-button")
    expect(page.locator("#period-text")).to_contain_text("period 12", timeout=20000)
    text = page.inner_text("#period-text")
    assert "preperiod 71, period 12, saltus 0" in text, text
    assert "Certified" in text and "Guy–Smith" in text, text
    cells = page.locator("#table td[data-n]").all_inner_texts()
    assert cells[:12] == KAYLES, cells[:12]
    assert len(cells) == 100, len(cells)
    # Hover over G(4): its derivation.
    page.hover("#table td[data-n='4']")
    expect(page.locator("#tip")).to_contain_text("G(4) = mex{0, 2, 3} = 1")
    expect(page.locator("#plot svg")).to_be_visible()
    expect(page.locator("#plot")).to_contain_text("period 12 from n = 71")
    assert "tab=table" in page.url and "game=kayles" in page.url, page.url
    shot(page, "kayles-table.png")


def nim_game(page):
    page.goto(BASE)
    page.click("nav button[data-tab=play]")
    choose_game(page, "nim")
    page.fill("#positions", "3 5 7")
    page.select_option("#start", "engine")
    page.click("#new-game")
    expect(page.locator("#log li")).to_have_count(1)
    # 3 5 7 has nim-sum 1: the engine, to move, has won it. Take one token at a time.
    for turn in range(20):
        if "win" in page.inner_text("#status"):
            break
        entries = page.locator("#log li").count()
        row = page.locator(".heap").filter(has=page.locator(".token")).first
        row.locator(".token").last.click()
        page.wait_for_function(
            "n => document.querySelector('#log').children.length >= n"
            " || document.querySelector('#status').textContent.includes('win')",
            arg=entries + 2,
        )
    status = page.inner_text("#status")
    assert status == "You have no move left: I win.", status
    page.click("#why-button")
    expect(page.locator("#explanation")).to_contain_text("nim-sum")
    assert page.locator(".token").count() == 0
    shot(page, "nim-engine-wins.png")


def illegal_move(page):
    open_link(page, BASE + "#tab=play&game=nim&p=3%205%207&start=you")
    expect(page.locator(".token")).to_have_count(15)
    page.fill("#move", "0 9")
    page.click("#move-button")
    expect(page.locator("#message")).to_contain_text("illegal move to `9`")
    message = page.inner_text("#message")
    assert "not reachable from `3` in one move (the moves leave 2, 1, 0)" in message, message
    shot(page, "illegal-move.png")
    page.click("#hint-button")
    expect(page.locator("#explanation")).to_contain_text("hint: play `0 2`")


def boards(page):
    # A teacher's link opens straight on the position.
    open_link(page, BASE + "#tab=play&game=wythoff&p=3,5&start=you")
    expect(page.locator(".cell.queen")).to_have_count(1)
    page.click(".cell[title='3,2']")
    expect(page.locator("#log li")).to_have_count(2)
    shot(page, "wythoff-queen.png")

    # Left places a vertical domino from the corner.
    corner = [".cell[data-index='0']"]
    left_plays(page, "domineering", "....|....|....", corner, "....|....|.... → #...|#...|....")

    left_plays(page, "brg-hackenbush", "LRLRRLLR", [".stalk rect[data-index='2']"], "LRLRRLLR → LR")

    left_plays(page, "toads-and-frogs", "TT..FF", [".cell[data-index='1']"], "TT..FF → T.T.FF")

    open_link(page, BASE + "#tab=play&game=mock-turtles&p=2%205&start=you")
    expect(page.locator(".cell.head")).to_have_count(2)
    page.click(".cell[data-place='5']")
    # The winning move: turn the heads at 5 and 2 over; no head is left, so the engine loses.
    page.click("#choices button >> text='1: → 2'")
    expect(page.locator("#status")).to_have_text("I have no move left: you win!")
    expect(page.locator(".cell.head")).to_have_count(0)
    shot(page, "coins.png")

    open_link(page, BASE + "#tab=solve&game=kayles&p=10%2020%2030")
    page.click("#solve-button")
    expect(page.locator("#winner")).to_contain_text("first player")
    page.click("nav button[data-tab=cgt]")
    page.click("#cgt-button")
    expect(page.locator("#thermograph svg")).to_be_visible()
    expect(page.locator("#cgt-out")).to_contain_text("canonical")
    shot(page, "thermograph.png")


def more_boards(page):
    """Clobber and Konane on grids, Snort and Col on graphs, Toppling Dominoes on a row."""
    # Two captures start at the corner: both are offered.
    capture = ["#choices button >> text='0: → .xxo|oxox'"]
    left_plays(page, "clobber", "xoxo|oxox", [".cell[data-index='0']"] + capture, "xoxo|oxox → .xxo|oxox")

    open_link(page, BASE + "#tab=play&game=konane&p=xo.|.o.|...&side=left&start=you")
    page.click(".cell[data-index='0']")  # the one jump: over the o, onto the empty cell
    expect(page.locator("#status")).to_have_text("I have no move left: you win!")
    assert "xo.|.o.|... → ..x|.o.|..." in page.inner_text("#log")
    shot(page, "konane.png")

    # A coloured vertex leaves the graph, so the page plays the vertex clicked, not the
    # first character that changes.
    for game, after in (("col", ".RR/0-1"), ("snort", ".LL/0-1")):
        left_plays(page, game, ".-.-.-.", [".graph [data-vertex='2']"], f".-.-.-. → {after}")

    # A blue domino may fall either way: the two are offered by name.
    fall = ["#choices button >> text='0: topple domino 3 to the right → LRR'"]
    left_plays(page, "toppling-dominoes", "LRRLG", [".cell[data-index='3']"] + fall, "LRRLG → LRR")


def graph_has(page, vertices, edges, states):
    """The one graph drawn has these vertices and edges, the vertices in these states."""
    expect(page.locator(".graph .vertex")).to_have_count(vertices)
    expect(page.locator(".graph .edge")).to_have_count(edges)
    classes = page.locator(".graph .vertex").evaluate_all("vs => vs.map(v => v.classList[1])")
    assert classes == states, classes


def graphs(page):
    """Snort and Col in general notation, drawn as graphs: a click on a vertex colours it."""
    # Col on a star: Left colours the centre, its leaves become Right's; Right colours one,
    # and Left, with no vertex left to colour, loses.
    star = "..../0-1,0-2,0-3"
    open_link(page, BASE + f"#tab=play&game=col&p={star}&side=left&start=you")
    graph_has(page, 4, 3, ["uncoloured"] * 4)
    expect(page.locator(".heap")).to_contain_text(star)
    shot(page, "col-star.png")
    page.click(".graph [data-vertex='0']")
    expect(page.locator("#log li")).to_have_count(2)
    log = page.inner_text("#log")
    assert f"you: component 0: {star} → RRR/" in log, log
    assert "engine: component 0: RRR/ → RR/" in log, log
    graph_has(page, 2, 0, ["tinted-right"] * 2)
    expect(page.locator("#status")).to_have_text("You have no move left: I win.")
    fill = page.locator(".graph .vertex circle").first.evaluate("c => getComputedStyle(c).fill")
    assert fill == "rgb(245, 183, 177)", fill

    # Snort on a tinted triangle: Right's vertex is not Left's to colour; Left colours vertex
    # 1, which removes vertex 2 (now next to Left's colour) and leaves Right no move.
    triangle = "L.R/0-1,0-2,1-2"
    open_link(page, BASE + f"#tab=play&game=snort&p={triangle}&side=left&start=you")
    graph_has(page, 3, 3, ["tinted-left", "uncoloured", "tinted-right"])
    page.click(".graph [data-vertex='2']")
    expect(page.locator("#message")).to_have_text("no move of yours colours that vertex")
    expect(page.locator("#log li")).to_have_count(0)
    page.click(".graph [data-vertex='1']")
    expect(page.locator("#status")).to_have_text("I have no move left: you win!")
    assert f"{triangle} → L" in page.inner_text("#log"), page.inner_text("#log")
    graph_has(page, 1, 0, ["tinted-left"])
    shot(page, "snort-triangle.png")


def main():
    outside = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        browser = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1200, "height": 900},
        )
        page = browser.new_page()
        page.set_default_timeout(15000)
        page.on("request", lambda r: None if r.url.startswith(BASE) else outside.append(r.url))
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for check in (kayles_table, nim_game, illegal_move, boards, more_boards, graphs):
            check(page)
            print(f"ok: {check.__name__}")
        browser.close()
    assert not outside, f"the page loaded from outside: {outside}"
    assert not errors, f"script errors: {errors}"
    print("browser: all checks passed")


if __name__ == "__main__":
    main()
