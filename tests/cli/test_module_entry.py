"""``python -m tabletwin`` runs the same command line as ``tabletwin`` (editors start it this way)."""

import subprocess
import sys


def test_python_dash_m_tabletwin_evaluates():
    done = subprocess.run([sys.executable, "-m", "tabletwin", "eval", "sorted([3, 1, 2])"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[1, 2, 3]\n", "")


def test_python_dash_m_tabletwin_passes_the_exit_status():
    done = subprocess.run([sys.executable, "-m", "tabletwin", "eval", "1 +"], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout == 'error: SyntaxError: syntax error in expression "1 +": invalid syntax (position 3)\n'
