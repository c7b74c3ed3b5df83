"""i2b2/UTHealth 2014 de-identification XML: ``<deIdi2b2><TEXT><![CDATA[..]]></TEXT><TAGS>``, one
file per note, category element + ``TYPE`` per the i2b2-2014 schema, ids ``P<n>``.
Shared machinery: :mod:`formats.standoff_xml`."""

from annotator.formats.standoff_xml import StandoffXmlFormat, Style


class I2b2_2014Format(StandoffXmlFormat):
    name = "i2b2-2014"
    description = "i2b2 2014 de-identification XML: <deIdi2b2> with <TEXT> and <TAGS>"
    style = Style(
        root="deIdi2b2",
        schema="i2b2-2014",
        id_prefix="P",
        declaration='<?xml version="1.0" encoding="UTF-8" ?>\n',
        indent="",
        empty_tag_end=" />",
    )
