"""What a build of the site takes away of the build before it in its directory: only the files it listed."""

from __future__ import annotations

import json
from pathlib import Path

from checker.site.written import LIST, Written


def _listing(out: Path, *names: str) -> None:
    (out / LIST).write_text(json.dumps({"format": "turncheck-site-files", "files": list(names)}), encoding="utf-8")


def test_a_file_the_list_names_outside_the_site_or_through_a_link_is_left_alone(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (tmp_path / "victim.txt").write_text("mine", encoding="utf-8")
    (elsewhere / "page.html").write_text("mine", encoding="utf-8")
    (out / "linked").symlink_to(elsewhere)
    (out / "link.html").symlink_to(elsewhere / "page.html")
    (out / "old.html").write_text("the site's", encoding="utf-8")
    _listing(out, "../victim.txt", str(tmp_path / "victim.txt"), "linked/page.html", "link.html", "old.html")
    assert Written(out).take_away_the_rest() == 1
    assert (tmp_path / "victim.txt").exists() and (elsewhere / "page.html").exists() and (out / "link.html").exists()
    assert not (out / "old.html").exists()


def test_a_build_cut_short_lists_the_files_of_both_builds_for_the_next_to_take_away(tmp_path: Path) -> None:
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "old.html").write_text("old", encoding="utf-8")
    _listing(tmp_path, "parts/old.html")
    cut = Written(tmp_path)
    cut.write("parts/new.html", b"new")
    cut.cut_short()
    assert Written(tmp_path).take_away_the_rest() == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [LIST]


def test_a_list_that_isnt_a_sites_takes_nothing_away(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("mine", encoding="utf-8")
    (tmp_path / LIST).write_text(json.dumps({"files": ["page.html"]}), encoding="utf-8")
    assert Written(tmp_path).take_away_the_rest() == 0
    assert (tmp_path / "page.html").exists()


def test_a_list_naming_what_no_file_can_be_takes_the_rest_away_and_the_site_is_built(tmp_path: Path) -> None:
    """A name with a NUL, or too long for the file system, among the list's: a ValueError (an internal
    error, exit 3) or an OSError (the site "can't be written", exit 2) stopped the build, no index.html."""
    (tmp_path / "old.html").write_text("the site's", encoding="utf-8")
    _listing(tmp_path, "nul\0.html", "x" * 300 + "/page.html", "y" * 300 + ".html", "old.html")
    assert Written(tmp_path).take_away_the_rest() == 1
    assert not (tmp_path / "old.html").exists()
