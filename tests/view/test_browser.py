"""The pages in a real browser (headless Chromium): the DOM holds every annotation with its
type and offsets, toggles hide and show, a click shows features, screenshots come out.
Skips, naming the packages to install, where no Chromium is found."""

from __future__ import annotations

import pytest

from annotator import Document
from annotator.cli import main
from annotator.view import html

TEXT = "\U0001F600 Saw Mrs Abby Hayward at 10:30 on 2/7/2019.\nShe lives in Sevilla, Spain."

COLLECT = """
return Array.from(document.querySelectorAll(arguments[0] + ' [data-id]')).map(function(e){
  var s=getComputedStyle(e);
  return {id:e.dataset.id, set:e.dataset.set, type:e.dataset.type, start:+e.dataset.start, end:+e.dataset.end,
          outcome:e.dataset.outcome||'', text:e.textContent, shown:e.offsetParent!==null,
          background:s.backgroundColor, underline:s.borderBottomColor};
});
"""
CLEAR = "rgba(0, 0, 0, 0)"


def sample() -> Document:
    doc = Document(TEXT, name="note")
    anns = doc.annset()
    anns.add("Person", 6, 22, {"gender": "female"})
    anns.add("Title", 6, 9)
    anns.add("Name", 10, 22)
    anns.add("Time", 26, 31)
    anns.add("Date", 35, 43)
    anns.add("Gap", 22, 22)
    key = doc.annset("Key")
    key.add("Person", 10, 22)
    key.add("Place", 58, 72)
    key.add("Phrase", 18, 31)  # crosses Name and Person
    return doc


@pytest.fixture
def page(chromium, tmp_path):
    doc = sample()
    path = tmp_path / "note.html"
    path.write_text(html(doc), encoding="utf-8")
    chromium.get(path.as_uri())
    return doc


def elements(chromium, scope: str = ".text") -> list[dict]:
    return chromium.execute_script(COLLECT, scope)


def test_the_dom_holds_every_annotation_with_its_type_offsets_and_text(chromium, page):
    doc = page
    found = elements(chromium)
    whole: dict[tuple[str, str], list[dict]] = {}
    for element in found:
        whole.setdefault((element["set"], element["id"]), []).append(element)
    expected = {(name, str(a.id)): a for name in doc.annset_names() for a in doc.annset(name)}
    assert whole.keys() == expected.keys()
    for key, ann in expected.items():
        pieces = whole[key]
        assert {(p["type"], p["start"], p["end"]) for p in pieces} == {(ann.type, ann.start, ann.end)}
        assert "".join(p["text"] for p in pieces) == doc.text[ann.start:ann.end]  # code-point offsets
        assert all(p["background"] != CLEAR for p in pieces if ann.start < ann.end)
    phrase = next(iter(doc.annset("Key").with_type("Phrase")))
    assert [p["text"] for p in whole[("Key", str(phrase.id))]] == ["ward", " at 10:30"]  # cut where Person ends
    assert chromium.execute_script("return document.querySelector('.text').textContent") == doc.text


def _toggle(chromium, label: str) -> None:
    chromium.execute_script(
        "var name=arguments[0];Array.from(document.querySelectorAll('.legend label')).find(function(l){"
        "return l.querySelector('.jump').textContent===name;}).querySelector('input').click();", label)


def test_type_and_set_toggles_hide_and_show(chromium, page):
    _toggle(chromium, "Person")
    hidden = {(e["set"], e["type"], e["background"] == CLEAR == e["underline"]) for e in elements(chromium)}
    assert ("", "Person", True) in hidden and ("Key", "Person", True) in hidden
    assert all(visible is False for _, t, visible in hidden if t != "Person")
    _toggle(chromium, "Person")
    assert all(e["background"] != CLEAR for e in elements(chromium) if e["start"] < e["end"])
    _toggle(chromium, "(default)")
    after = elements(chromium)
    assert all(e["background"] == CLEAR for e in after if e["set"] == "")
    assert all(e["background"] != CLEAR for e in after if e["set"] == "Key")
    assert [e["shown"] for e in after if e["type"] == "Gap"] == [False]  # the zero-length marker goes
    _toggle(chromium, "(default)")
    assert [e["shown"] for e in elements(chromium) if e["type"] == "Gap"] == [True]


def test_a_click_shows_offsets_features_and_text(chromium, page):
    from selenium.webdriver.common.by import By

    detail = chromium.find_element(By.ID, "detail")
    assert not detail.is_displayed()
    chromium.find_element(By.CSS_SELECTOR, '.text [data-type="Title"]').click()
    shown = detail.text
    assert shown.splitlines()[0] in ("offset 7", "offset 8")  # the middle of "Mrs", in code points
    assert "Title [6, 9)" in shown and 'Person [6, 22)\ngender = "female"\ntext: "Mrs Abby Hayward"' in shown


def test_a_legend_label_goes_to_the_next_one(chromium, page):
    from selenium.webdriver.common.by import By

    label = chromium.find_element(By.XPATH, "//span[@class='jump'][text()='Place']")
    label.click()
    flashed = chromium.execute_script("return Array.from(document.querySelectorAll('.flash')).map(e => e.dataset.type)")
    assert flashed == ["Place"]


def test_a_screenshot_of_the_page(chromium, page, tmp_path):
    png = chromium.get_screenshot_as_png()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
    (tmp_path / "note.png").write_bytes(png)


def test_the_error_analysis_pages_in_the_browser(chromium, tmp_path, capsys):
    text = "Juan Perez vive en Madrid desde 2010 con Ana."
    for side, anns in (("gold", [("NAME", 0, 10), ("CITY", 19, 25), ("NAME", 41, 44)]),
                       ("system", [("NAME", 0, 4), ("COUNTRY", 19, 25), ("DATE", 32, 36)])):
        folder = tmp_path / side
        folder.mkdir()
        (folder / "a.txt").write_text(text, encoding="utf-8")
        (folder / "a.ann").write_text("".join(f"T{i}\t{t} {s} {e}\t{text[s:e]}\n" for i, (t, s, e) in enumerate(anns)),
                                      encoding="utf-8")
    out = tmp_path / "report"
    assert main(["evaluate", str(tmp_path / "gold"), str(tmp_path / "system"), "--metric", "diff", "--html", str(out)]) == 0
    chromium.get((out / "a.html").as_uri())
    outcomes = {(e["type"], e["outcome"]) for e in elements(chromium, ".text[data-side=gold]")}
    assert outcomes == {("NAME", "boundary"), ("CITY", "type"), ("NAME", "missing")}
    _toggle(chromium, "missing")
    assert all((e["background"] == CLEAR) == (e["outcome"] == "missing") for e in elements(chromium, ".cols"))
    chromium.get((out / "index.html").as_uri())
    from selenium.webdriver.common.by import By

    chromium.find_element(By.CSS_SELECTOR, 'a[href$="-spurious.html"]').click()
    assert chromium.title == "DATE: spurious (1)"
    chromium.find_element(By.LINK_TEXT, "go").click()
    assert chromium.execute_script("return document.querySelector(':target').dataset.type") == "DATE"
