"""Long computations release the GIL and stop on Ctrl-C (KeyboardInterrupt)."""

import subprocess
import sys
import textwrap
import threading
import time

import grundy

LONG_TABLE = ("officers", 2**22)  # several seconds (no period to shortcut it): long enough to interrupt


def test_ctrl_c_stops_a_long_table():
    script = textwrap.dedent(f"""
        import os, signal, threading, time, grundy
        threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        start = time.time()
        try:
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
        threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        g = grundy.HeapGame(options=options)
        try:
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
    ticks = 0
    done = threading.Event()

    def work():
        # About a second of computing (Officers has no period to shortcut it), so that even a
        # loaded machine, whose sleeps overshoot by tens of milliseconds, ticks many times.
        grundy.table("officers", 2**17)
        done.set()

    worker = threading.Thread(target=work)
    start = time.time()
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    took = time.time() - start
    # With the GIL held for the whole run the main thread could not tick at all (once, perhaps,
    # before the worker starts).
    assert ticks >= 5, (ticks, took)
