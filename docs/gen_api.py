"""Write docs/api/reference.md from the public protos' comments: ``python docs/gen_api.py > docs/api/reference.md``.

protoc (grpc_tools, in its own process as proto/generate.py runs it) reads proto/rondo/gateway/v1/*.proto
with ``--include_source_info``; each RPC, message, field, enum and value is listed with its leading
comment (and a field's trailing one). tests/integration/test_docs.py compares the committed page with
this script's output.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from google.protobuf import descriptor_pb2

ROOT = Path(__file__).resolve().parents[1]
PROTO_ROOT = ROOT / "proto"
PACKAGE = "rondo.gateway.v1"
PUBLIC = PROTO_ROOT / "rondo" / "gateway" / "v1"

# FileDescriptorProto / DescriptorProto field numbers, for source-code-info paths
_MESSAGE, _ENUM, _SERVICE = 4, 5, 6
_FIELD, _NESTED, _NESTED_ENUM = 2, 3, 4
_VALUE, _METHOD = 2, 2
_SCALARS = {
    descriptor_pb2.FieldDescriptorProto.TYPE_DOUBLE: "double",
    descriptor_pb2.FieldDescriptorProto.TYPE_FLOAT: "float",
    descriptor_pb2.FieldDescriptorProto.TYPE_INT64: "int64",
    descriptor_pb2.FieldDescriptorProto.TYPE_UINT64: "uint64",
    descriptor_pb2.FieldDescriptorProto.TYPE_INT32: "int32",
    descriptor_pb2.FieldDescriptorProto.TYPE_FIXED64: "fixed64",
    descriptor_pb2.FieldDescriptorProto.TYPE_FIXED32: "fixed32",
    descriptor_pb2.FieldDescriptorProto.TYPE_BOOL: "bool",
    descriptor_pb2.FieldDescriptorProto.TYPE_STRING: "string",
    descriptor_pb2.FieldDescriptorProto.TYPE_BYTES: "bytes",
    descriptor_pb2.FieldDescriptorProto.TYPE_UINT32: "uint32",
    descriptor_pb2.FieldDescriptorProto.TYPE_SFIXED32: "sfixed32",
    descriptor_pb2.FieldDescriptorProto.TYPE_SFIXED64: "sfixed64",
    descriptor_pb2.FieldDescriptorProto.TYPE_SINT32: "sint32",
    descriptor_pb2.FieldDescriptorProto.TYPE_SINT64: "sint64",
}
# "---- Section ----" (or "---- Section: ...") opening an RPC's comment starts a section of the service
_SECTION = re.compile(r"^-{2,}\s*(?:(.*?)\s*-{2,}|([^:\n]*):)\s*(.*)$", re.DOTALL)


def descriptors() -> descriptor_pb2.FileDescriptorSet:
    """The public package's files with their comments (protoc in a process of its own)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "public.binpb"
        code = (
            "import sys, grpc_tools; from pathlib import Path; from grpc_tools import protoc;"
            "include = Path(grpc_tools.__file__).parent / '_proto';"
            "sys.exit(protoc.main(['protoc', '-I' + sys.argv[1], '-I' + str(include), '--include_source_info',"
            " '--descriptor_set_out=' + sys.argv[2], *sys.argv[3:]]))"
        )
        files = sorted(str(p.relative_to(PROTO_ROOT)) for p in PUBLIC.glob("*.proto"))
        subprocess.run([sys.executable, "-c", code, str(PROTO_ROOT), str(out), *files], check=True)
        return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


Comments = dict[tuple[int, ...], tuple[str, str]]
Maps = dict[str, descriptor_pb2.DescriptorProto]


def comments(file: descriptor_pb2.FileDescriptorProto) -> Comments:
    return {
        tuple(loc.path): (loc.leading_comments.strip(), loc.trailing_comments.strip()) for loc in file.source_code_info.location
    }


def markdown(text: str) -> str:
    """Plain comment text as Markdown: outside `code` spans, "<" and "*" are text, not HTML or emphasis."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(p if p.startswith("`") else p.replace("<", "&lt;").replace("*", "\\*") for p in parts)


def one_line(text: str) -> str:
    """A comment as one table cell."""
    return markdown(" ".join(line.strip() for line in text.splitlines() if line.strip())).replace("|", "\\|")


def paragraph(text: str) -> str:
    """A comment as Markdown text: its lines joined, its blank lines kept as paragraph breaks."""
    paragraphs = [" ".join(line.strip() for line in block.splitlines()) for block in re.split(r"\n\s*\n", text.strip())]
    return "\n\n".join(markdown(p) for p in paragraphs if p)


def type_name(field: descriptor_pb2.FieldDescriptorProto, maps: dict[str, descriptor_pb2.DescriptorProto]) -> str:
    if field.type_name:
        full = field.type_name.lstrip(".")
        if full in maps:
            entry = maps[full]
            key, value = entry.field
            return f"map<{type_name(key, maps)}, {type_name(value, maps)}>"
        if full.startswith(PACKAGE + "."):
            short = full[len(PACKAGE) + 1 :]
            return f"[{short}](#{anchor(short)})"
        return f"`{full}`"
    return _SCALARS[field.type]


def anchor(name: str) -> str:
    return "type-" + name.replace(".", "-").lower()


def label(field: descriptor_pb2.FieldDescriptorProto, maps: dict[str, descriptor_pb2.DescriptorProto]) -> str:
    shown = type_name(field, maps)
    if field.label == descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED and not shown.startswith("map<"):
        return f"repeated {shown}"
    if field.proto3_optional:
        return f"optional {shown}"
    return shown


def _enum(out: list[str], info: Comments, path: tuple[int, ...], name: str, value: descriptor_pb2.EnumDescriptorProto) -> None:
    out.extend([f"### {name} {{#{anchor(name)}}}", ""])
    if text := info.get(path, ("", ""))[0]:
        out.extend([paragraph(text), ""])
    out.extend(["| value | number | meaning |", "| --- | --- | --- |"])
    for v, item in enumerate(value.value):
        lead, trail = info.get((*path, _VALUE, v), ("", ""))
        out.append(f"| `{item.name}` | {item.number} | {one_line(' '.join(t for t in (lead, trail) if t))} |")
    out.append("")


def _message(
    out: list[str], info: Comments, maps: Maps, path: tuple[int, ...], name: str, value: descriptor_pb2.DescriptorProto
) -> None:
    out.extend([f"### {name} {{#{anchor(name)}}}", ""])
    if text := info.get(path, ("", ""))[0]:
        out.extend([paragraph(text), ""])
    if value.field:
        out.extend(["| field | type | meaning |", "| --- | --- | --- |"])
        for f, field in enumerate(value.field):
            lead, trail = info.get((*path, _FIELD, f), ("", ""))
            oneof = ""
            if field.HasField("oneof_index") and not field.proto3_optional:
                oneof = f"one of `{value.oneof_decl[field.oneof_index].name}`. "
            text = oneof + one_line(" ".join(t for t in (lead, trail) if t))
            out.append(f"| `{field.name}` | {label(field, maps)} | {text} |")
        out.append("")
    for n, nested in enumerate(value.nested_type):
        if not nested.options.map_entry:
            _message(out, info, maps, (*path, _NESTED, n), f"{name}.{nested.name}", nested)
    for e, nested_enum in enumerate(value.enum_type):
        _enum(out, info, (*path, _NESTED_ENUM, e), f"{name}.{nested_enum.name}", nested_enum)


def page() -> str:
    files = [f for f in descriptors().file if f.package == PACKAGE]
    maps: dict[str, descriptor_pb2.DescriptorProto] = {}

    def collect(prefix: str, message: descriptor_pb2.DescriptorProto) -> None:
        for nested in message.nested_type:
            if nested.options.map_entry:
                maps[f"{prefix}.{message.name}.{nested.name}"] = nested
            collect(f"{prefix}.{message.name}", nested)

    for file in files:
        for message in file.message_type:
            collect(file.package, message)

    out = [
        "# API reference",
        "",
        "<!-- Generated by docs/gen_api.py from proto/rondo/gateway/v1/*.proto; do not edit by hand. -->",
        "",
        f"The public API, package `{PACKAGE}`, from the comments of its `.proto` files. How to call it,",
        "its conventions and compatibility: [The public API](index.md); who may call each RPC:",
        "[Security](../operating/security.md#accounts-tokens-and-roles).",
        "",
    ]
    for file in files:
        info = comments(file)
        for s, service in enumerate(file.service):
            out += [f"## {service.name}", ""]
            if text := info.get((_SERVICE, s), ("", ""))[0]:
                out += [paragraph(text), ""]
            rows: list[str] = []
            for m, method in enumerate(service.method):
                leading = info.get((_SERVICE, s, _METHOD, m), ("", ""))[0]
                if section := _SECTION.match(leading.strip()):
                    if rows:
                        out += ["| RPC | request → answer | what it does |", "| --- | --- | --- |", *rows, ""]
                        rows = []
                    out += [f"### {one_line(section.group(1) or section.group(2))}", ""]
                    leading = section.group(3)
                request, response = (t.lstrip(".")[len(PACKAGE) + 1 :] for t in (method.input_type, method.output_type))
                stream = "stream " if method.server_streaming else ""
                rows.append(
                    f"| `{method.name}` | [{request}](#{anchor(request)}) → {stream}[{response}](#{anchor(response)}) "
                    f"| {one_line(leading)} |"
                )
            if rows:
                out += ["| RPC | request → answer | what it does |", "| --- | --- | --- |", *rows, ""]
    for file in files:
        info = comments(file)
        if not file.message_type and not file.enum_type:
            continue
        out += [f"## `{Path(file.name).name}`", ""]

        for e, value in enumerate(file.enum_type):
            _enum(out, info, (_ENUM, e), value.name, value)
        for m, value in enumerate(file.message_type):
            _message(out, info, maps, (_MESSAGE, m), value.name, value)
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    sys.stdout.write(page())
