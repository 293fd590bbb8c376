"""Registers the ``slow`` marker used by the known-value test (deselect with ``-m "not slow"``)."""


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test that plays thousands of games (a few seconds)")
