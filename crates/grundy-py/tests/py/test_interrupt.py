"""Long computations release the GIL and stop on Ctrl-C (KeyboardInterrupt)."""

import subprocess
import sys
import textwrap


LONG_TABLE = ("officers", 2**22)  # several seconds (no period to shortcut it): long enough to interrupt


def test_ctrl_c_stops_a_long_table():
    script = textwrap.dedent(f"""
        import os, signal, threading, time, grundy
        start = time.time()
        # Started inside the `try`: a main thread descheduled for 0.3 s before it reaches the
        # `try` would otherwise die of the KeyboardInterrupt.
        try:
            threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            grundy.table{LONG_TABLE!r}
            print("finished")
        except KeyboardInterrupt:
            print("interrupted after", round(time.time() - start, 2))
        # The module still works after an interrupted run.
        print(grundy.value("kayles", 10))
    """)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    assert lines[0].startswith("interrupted after"), p.stdout
    # Promptly: about 0.3 s on a quiet machine; the bound leaves room for a loaded one (2 cores
    # at load 12), and the table itself takes far longer than that.
    assert float(lines[0].split()[-1]) < 10.0
    assert lines[1] == "2"


def test_ctrl_c_stops_a_python_defined_game():
    script = textwrap.dedent("""
        import os, signal, threading, grundy
        def options(n):
            return [(a, n - 1 - a) for a in range(n)]
        g = grundy.HeapGame(options=options)
        try:
            threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            g.table(10**5)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        print(g.table(5).tolist())
    """)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[:2] == ["interrupted", "[0, 1, 0, 1, 0, 1]"], p.stdout


def test_gil_is_released_during_a_table():
    # A ticker thread needs the GIL for each of its ticks; once it has ticked five times it
    # interrupts the table. The table (tens of seconds) can only be interrupted if the ticker
    # ran while it computed: with the GIL held for the whole run it would finish first. This
    # asks nothing of the clock (the old form counted ticks during a one-second table, which a
    # loaded machine's late wake-ups could starve).
    script = textwrap.dedent(f"""
        import os, signal, threading, time, grundy
        ticks = 0
        computing = threading.Event()
        def ticker():
            global ticks
            computing.wait()
            while ticks < 5:
                time.sleep(0.001)
                ticks += 1
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=ticker, daemon=True).start()
        try:
            computing.set()
            grundy.table{LONG_TABLE!r}
            print("finished")
        except KeyboardInterrupt:
            print("interrupted after", ticks, "ticks")
    """)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "interrupted after 5 ticks", p.stdout
