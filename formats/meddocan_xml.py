"""MEDDOCAN-XML (IberLEF 2019): ``<MEDDOCAN><TEXT><![CDATA[..]]></TEXT><TAGS>``, one file per
document, category elements per the MEDDOCAN schema, ids ``T<n>``. The writer reproduces the
corpus files byte for byte. Shared machinery: :mod:`formats.standoff_xml`."""

from annotator.formats.standoff_xml import StandoffXmlFormat, Style


class MeddocanXmlFormat(StandoffXmlFormat):
    name = "meddocan-xml"
    description = "MEDDOCAN XML: <MEDDOCAN> with <TEXT> and <TAGS>"
    style = Style(
        root="MEDDOCAN",
        schema="meddocan",
        id_prefix="T",
        declaration="<?xml version='1.0' encoding='UTF-8'?>\n",
        indent="  ",
        empty_tag_end="/>",
    )
