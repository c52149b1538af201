"""A HeapGame over a Python rule used from several threads, or from inside its own rule.

The library holds its table locks while it calls the rule; the rule's Python code lets other
threads take the GIL, and a second call over the same game then blocked on those locks with
the GIL held: both threads hung for ever (Ctrl-C too). A rule calling its own game hung on
itself. Each case runs in a subprocess with a timeout, so that a regression fails instead of
hanging the suite."""

import subprocess
import sys
import textwrap


def run(script, timeout=90):
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                       text=True, timeout=timeout)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip().split("\n")


def test_threads_share_a_python_rule_without_hanging():
    out = run("""
        import random, threading, grundy
        calls = []
        def options(n):
            calls.append(n)
            # Take one token and split the rest in two (heap 0 is no heap): octal 0.7.
            return [(a, n - 1 - a) for a in range(n)]
        g = grundy.HeapGame(options=options)
        expected = grundy.table("octal:0.7", 2500).tolist()
        errors, done = [], []
        def work(k):
            r = random.Random(k)
            try:
                for _ in range(4):
                    n = r.randint(0, 2500)
                    what = r.choice("tvspe")
                    if what == "t":
                        assert g.table(n).tolist() == expected[: n + 1]
                    elif what == "v":
                        assert g.value(n) == expected[n]
                    elif what == "s":
                        s = g.solve([n, 7])
                        assert s.grundy == expected[n] ^ expected[7]
                        assert "mex" in s.explain()
                    elif what == "p":
                        g.period(max=2048)
                    else:
                        assert f"G({n % 50})" in g.explain([n % 50])
                done.append(k)
            except Exception as e:
                errors.append(repr(e))
        threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        print(sorted(done), errors, any(t.is_alive() for t in threads))
        # One call at a time: the function is still asked once per heap.
        print(len(calls) == len(set(calls)) == g.calls)
    """)
    assert out == ["[0, 1, 2, 3, 4, 5] [] False", "True"]


def test_a_rule_that_calls_its_own_game_is_an_error():
    out = run("""
        import grundy
        def options(n):
            if n == 5:
                g.value(2)  # the game is in the middle of computing G(5)
            return [(n - 1,)] if n else []
        g = grundy.HeapGame(options=options)
        try:
            g.value(10)
        except grundy.GameError as e:
            print(e)
        # A rule may use another game.
        h = grundy.HeapGame(options=lambda n: [(n - 1,)] if n else [])
        k = grundy.HeapGame(options=lambda n: [(m,) for m in range(n) if h.value(m) == 0])
        print(k.table(6).tolist())
    """)
    assert out == ["the game is already being solved: the function that defines a game may not call that game",
                   "[0, 1, 1, 2, 2, 3, 3]"]


def test_ctrl_c_stops_a_thread_waiting_for_the_game():
    out = run("""
        import os, signal, threading, time, grundy
        def options(n):
            time.sleep(0.0005)
            return [(a, n - 1 - a) for a in range(n)]
        g = grundy.HeapGame(options=options)
        started = threading.Event()
        def long_run():
            started.set()
            g.table(20000)
        threading.Thread(target=long_run, daemon=True).start()
        started.wait()
        time.sleep(0.2)
        try:
            threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            g.value(3)  # waits for the other thread's table
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        os._exit(0)
    """)
    assert out == ["interrupted"]


def test_threads_share_a_game_and_a_partizan_game():
    # Game and PartizanGame answered a second thread "the game is already being solved";
    # it now waits for its turn.
    out = run("""
        import threading, grundy
        from concurrent.futures import ThreadPoolExecutor
        g = grundy.Game(moves=lambda p: [p - k for k in (1, 3, 4) if p >= k])
        expected = grundy.table("subtraction:1,3,4", 3000).tolist()
        with ThreadPoolExecutor(4) as pool:
            values = list(pool.map(g.value, range(3000, 0, -7)))
        print(values == expected[3000:0:-7], g.calls)
        # Cutcake-like chain: Left moves p -> p - 1, Right has no move: the integer p.
        p = grundy.PartizanGame(left=lambda n: [n - 1] if n else [], right=lambda n: [])
        with ThreadPoolExecutor(4) as pool:
            forms = list(pool.map(p.value, range(0, 400, 3)))
        print(all(f == n for f, n in zip(forms, range(0, 400, 3))), p.calls)
    """)
    assert out == ["True 3001", "True 400"]
