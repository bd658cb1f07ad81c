# ruff: noqa: E501  (the tools' lines are kept whole, as they print them)
"""A person named in document and media metadata tools' output (stop 62, scrubber 1.160.0; issue
35): a class rule written from the tools' documented fields, seen in no tune batch.

Measured first under 1.159.0 (27 texts, each naming one invented person in one field): every
one kept its person. ``user_names.yaml``'s ``document_metadata_person`` reads, each in its
documented place only:

* exiftool's tag lines (``exiftool(1)``: ``Tag Name<padding>: value``; with ``-s`` the tag's
  short name, with ``-G`` a ``[group]`` first; Image::ExifTool::TagNames): ``Author``,
  ``Creator``, ``Artist``, ``Last Modified By``, ``Owner Name``, ``XP Author``, ``Copyright``;
  and ``exiftool -j``'s objects (``"SourceFile"`` first);
* pdfinfo's ``Author:`` (poppler's pdfinfo(1), the Info dictionary's ``Author``) among its
  other padded fields;
* OOXML's ``docProps/core.xml`` (ECMA-376 Part 2, Core Properties: ``<dc:creator>``,
  ``<cp:lastModifiedBy>``) and ODF's ``meta.xml`` (OASIS ODF 1.2, 4.3.2.x:
  ``<meta:initial-creator>``, ``<dc:creator>``);
* macOS ``mdls``'s ``kMDItemAuthors`` and ``kMDItemEditors`` arrays (Apple, "MDItem attribute
  keys");
* Windows' ``Authors`` property (the Windows Property System's ``System.Author``, display name
  "Authors") as PowerShell's Format-List prints it.

``NOBODY`` is the harm hunt the rule was attacked with before it was kept: the same fields
holding software, companies, defaults, roles and placeholders, which must stay byte for byte;
``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

EXIF = "ExifTool Version Number         : 12.76\nFile Name                       : report.docx\nFile Type                       : DOCX\n"
JPEG = "ExifTool Version Number         : 12.76\nFile Name                       : IMG_4821.JPG\nMake                            : Canon\nCamera Model Name               : Canon EOS 80D\n"
PDF = "Title:           Quarterly report\n{a}Creator:         {c}\nProducer:        {p}\nCreationDate:    Mon Jan  8 10:12:33 2024 CET\nModDate:         Mon Jan  8 10:12:33 2024 CET\nTagged:          yes\nPages:           12\nEncrypted:       no\nPDF version:     1.7\n"
CORE = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>Report</dc:title><dc:creator>{c}</dc:creator><cp:lastModifiedBy>{m}</cp:lastModifiedBy><cp:revision>3</cp:revision></cp:coreProperties>\n'
ODF = '<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3"><office:meta><meta:generator>LibreOffice/7.6.4.1$Linux_X86_64 LibreOffice_project/e19e193f88cd6c0525a17fb7a176ed8e6a3e2aa1</meta:generator><meta:initial-creator>{i}</meta:initial-creator><meta:creation-date>2024-01-08T10:12:33.1</meta:creation-date><dc:creator>{c}</dc:creator><dc:date>2024-01-09T08:00:00.2</dc:date></office:meta></office:document-meta>\n'
MDLS = 'kMDItemAuthors                         = (\n    {a}\n)\nkMDItemContentType                     = "org.openxmlformats.wordprocessingml.document"\nkMDItemCreator                         = "Microsoft Word"\nkMDItemDisplayName                     = "report.docx"\n'


def tag(name: str, value: str) -> str:
    """An exiftool line: the tag name padded to 32 columns, ``: `` and the value."""
    return f"{name:<32}: {value}\n"


NOBODY = [
    # exiftool: Office's and the platforms' defaults, software, roles, companies
    EXIF
    + tag("Author", "Microsoft Office User")
    + tag("Last Modified By", "Microsoft Office User"),
    EXIF + tag("Author", "Administrator") + tag("Last Modified By", "user"),
    EXIF + tag("Author", "Windows User") + tag("Last Modified By", "Unknown"),
    EXIF + tag("Author", "python-docx") + tag("Last Modified By", "openpyxl"),
    EXIF + tag("Author", "Owner") + tag("Last Modified By", "Author"),
    EXIF + tag("Creator", "Microsoft® Word 2016") + tag("Creator Tool", "Microsoft® Word 2016"),
    EXIF + tag("Creator", "Microsoft Word") + tag("Producer", "Microsoft Word"),
    EXIF + tag("Creator", "LaTeX with hyperref") + tag("Producer", "pdfTeX-1.40.25"),
    EXIF
    + tag("Creator", "Adobe InDesign CC 2017 (Macintosh)")
    + tag("Producer", "Adobe PDF Library 15.0"),
    EXIF + tag("Creator", "Writer") + tag("Producer", "LibreOffice 7.6"),
    EXIF + tag("Creator", "Apache POI") + tag("Last Modified By", "Apache POI"),
    EXIF + tag("Creator", "Google Docs Renderer"),
    EXIF + tag("Author", "Acme Corporation") + tag("Company", "Acme Corporation"),
    EXIF + tag("Author", "Your Name") + tag("Last Modified By", "John Doe"),
    EXIF + tag("Author", "(anonymous)"),
    JPEG + tag("Artist", "Adobe Photoshop") + tag("Software", "Adobe Photoshop 25.0 (Windows)"),
    JPEG + tag("Artist", "Picasa") + tag("Copyright", "Copyright (c) 2024 Acme Inc."),
    JPEG + tag("Copyright", "Getty Images") + tag("Artist", "Camera Owner"),
    JPEG + tag("Copyright", "All Rights Reserved") + tag("Owner Name", "Unknown"),
    JPEG
    + tag("Copyright", "© 2023 Acme Photography Ltd. All rights reserved.")
    + tag("Owner Name", "Canon EOS"),
    JPEG + tag("Copyright", "Creative Commons Attribution 4.0") + tag("XP Author", "Windows User"),
    JPEG + tag("Owner Name", "Canon Inc") + tag("XP Author", "Administrator"),
    "ExifToolVersion                 : 12.76\nLastModifiedBy                  : Microsoft Office User\nCreator                         : Microsoft Word\n",
    "[XMP]           Creator Tool                    : Adobe Photoshop 25.0 (Windows)\n[XMP]           Creator                         : Adobe Stock\n",
    '[{\n  "SourceFile": "report.docx",\n  "Creator": "Microsoft Office User",\n  "LastModifiedBy": "Microsoft Office User"\n}]\n',
    '[{\n  "SourceFile": "paper.pdf",\n  "Creator": "LaTeX with hyperref",\n  "Author": ""\n}]\n',
    # pdfinfo: software, defaults, an empty Author
    PDF.format(a="Author:          (anonymous)\n", c="LaTeX with hyperref", p="pdfTeX-1.40.25"),
    PDF.format(
        a="Author:          Microsoft Office User\n",
        c="Microsoft® Word for Microsoft 365",
        p="Microsoft® Word for Microsoft 365",
    ),
    PDF.format(a="Author:          Administrator\n", c="Writer", p="LibreOffice 7.6"),
    PDF.format(
        a="Author:          Acme Corporation\n",
        c="Adobe InDesign 19.0 (Windows)",
        p="Adobe PDF Library 17.0",
    ),
    PDF.format(a="Author:          Unknown\n", c="Chromium", p="Skia/PDF m120"),
    PDF.format(
        a="",
        c="Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0.0.0 Safari/537.36",
        p="Skia/PDF m120",
    ),
    PDF.format(a="Author:          John Doe\n", c="pandoc", p="xdvipdfmx (20230313)"),
    # pip show and git log: an Author line that is no pdfinfo's (a package's public author)
    "Name: requests\nVersion: 2.31.0\nSummary: Python HTTP for Humans.\nHome-page: https://requests.readthedocs.io\nAuthor: Kenneth Reitz\nLicense: Apache 2.0\n",
    # OOXML core.xml and ODF meta.xml: defaults, libraries, placeholders
    CORE.format(c="Microsoft Office User", m="Microsoft Office User"),
    CORE.format(c="python-docx", m="python-docx"),
    CORE.format(c="openpyxl", m="openpyxl"),
    CORE.format(c="Apache POI", m="Administrator"),
    CORE.format(c="Unknown Creator", m="Unknown Creator"),
    CORE.format(c="Windows User", m="user"),
    CORE.format(c="John Doe", m="Jane Doe"),
    ODF.format(i="Unknown", c="Administrator"),
    ODF.format(i="Windows User", c="Microsoft Office User"),
    # Dublin Core outside a document's properties: an RSS item's and an EPUB's public author
    "<item><title>Release 2.0</title><dc:creator>Ada Lovelace</dc:creator><pubDate>Mon, 08 Jan 2024 10:00:00 +0000</pubDate></item>\n",
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf"><dc:title>Pride and Prejudice</dc:title><dc:creator opf:role="aut">Jane Austen</dc:creator></metadata>\n',
    # mdls: an application and defaults
    MDLS.format(a='"Microsoft Office User"'),
    MDLS.format(a="Administrator"),
    MDLS.format(a='"Windows User"'),
    'kMDItemCreator                         = "Pages"\nkMDItemAuthors                         = (\n    Unknown\n)\n',
    # Windows' Authors property: defaults
    "Name          : report.docx\nAuthors       : Microsoft Office User\nProgram name  : Microsoft Office Word\n",
    "Name    : notes.docx\nAuthors : Administrator\n",
    # media: not read (encoded_by and Performer are no documented person's field)
    "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':\n  Metadata:\n    major_brand     : isom\n    encoder         : Lavf58.76.100\n",
    # prose about the fields
    "Check the Author and Last Modified By fields with exiftool before you publish the file.\n",
]

GO = [
    # (text, the name or login that must go, context that must stay)
    (
        EXIF + tag("Author", "Halvard Quennel") + tag("Revision Number", "4"),
        "Quennel",
        "Revision Number",
    ),
    (EXIF + tag("Creator", "Halvard Quennel"), "Quennel", "File Type"),
    (EXIF + tag("Last Modified By", "Halvard Quennel"), "Halvard", "Last Modified By"),
    (
        EXIF + tag("Last Modified By", "hquennel") + tag("Author", "Microsoft Office User"),
        "hquennel",
        "Microsoft Office User",
    ),
    (JPEG + tag("Artist", "Brisa Tamminen"), "Tamminen", "Canon EOS 80D"),
    (JPEG + tag("Copyright", "Brisa Tamminen"), "Tamminen", "Copyright"),
    (JPEG + tag("Copyright", "(c) 2023 Brisa Tamminen"), "Tamminen", "(c) 2023 "),
    (
        JPEG + tag("Copyright", "© 2021-2024 Brisa van Tamminen. All rights reserved."),
        "Tamminen",
        "All rights reserved.",
    ),
    (JPEG + tag("Owner Name", "Brisa Tamminen"), "Tamminen", "Owner Name"),
    (JPEG + tag("XP Author", "Brisa Tamminen"), "Tamminen", "XP Author"),
    (
        "ExifToolVersion                 : 12.76\nLastModifiedBy                  : Halvard Quennel\n",
        "Quennel",
        "LastModifiedBy",
    ),
    (
        "[ExifTool]      ExifTool Version Number         : 12.76\n[XMP]           Creator                         : Halvard Quennel\n",
        "Quennel",
        "[XMP]",
    ),
    (
        '[{\n  "SourceFile": "report.docx",\n  "Creator": "Halvard Quennel",\n  "LastModifiedBy": "hquennel"\n}]\n',
        ["Quennel", "hquennel"],
        '"SourceFile"',
    ),
    (
        PDF.format(
            a="Author:          Halvard Quennel\n",
            c="Microsoft® Word for Microsoft 365",
            p="Microsoft® Word for Microsoft 365",
        ),
        "Quennel",
        "Microsoft® Word for Microsoft 365",
    ),
    (
        PDF.format(a="Author:          hquennel\n", c="LaTeX with hyperref", p="pdfTeX-1.40.25"),
        "hquennel",
        "LaTeX with hyperref",
    ),
    (
        CORE.format(c="Halvard Quennel", m="Microsoft Office User"),
        "Quennel",
        "Microsoft Office User",
    ),
    (CORE.format(c="Microsoft Office User", m="Halvard Quennel"), "Quennel", "<cp:lastModifiedBy>"),
    ("<cp:lastModifiedBy>hquennel</cp:lastModifiedBy>\n", "hquennel", "<cp:lastModifiedBy>"),
    (ODF.format(i="Halvard Quennel", c="Administrator"), "Quennel", "<meta:initial-creator>"),
    (ODF.format(i="Unknown", c="Halvard Quennel"), "Quennel", "<dc:creator>"),
    (MDLS.format(a='"Halvard Quennel"'), "Quennel", "kMDItemAuthors"),
    (
        'kMDItemEditors                         = (\n    "Brisa Tamminen",\n    hquennel\n)\n',
        ["Tamminen", "hquennel"],
        "kMDItemEditors",
    ),
    (
        "Name          : report.docx\nAuthors       : Halvard Quennel\nProgram name  : Microsoft Office Word\n",
        "Quennel",
        "Program name",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_metadata_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), GO)
def test_the_person_in_a_metadata_field_goes(
    engine: Scrubber, text: str, gone: str | list[str], kept: str
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


def test_the_learned_name_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        EXIF
        + tag("Author", "Halvard Quennel")
        + tag("Last Modified By", "hquennel")
        + "\nHalvard sent it from C:\\Work\\hquennel-drafts\\report.docx\n",
        ["Halvard", "Quennel", "hquennel"],
        ["sent it from C:\\Work\\", "-drafts\\report.docx"],
    )
