"""Every scenario of features/, run against the engine chosen with --engine, per edition."""

from pytest_bdd import scenarios

from checker.features import features_dir

scenarios(str(features_dir()))
