"""The ops of reference §11, grouped by what they work on; :mod:`..optable` lists them all."""
