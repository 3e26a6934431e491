"""Bench driver for the Python peers: one interpreter converts many PDFs, so
import time (0.4-0.9 s) is paid once per worker instead of once per file.

usage: py_driver.py {markitdown|pymupdf4llm} OUTDIR PDF...
Prints `ok<TAB>id<TAB>seconds` or `err<TAB>id<TAB>reason` per PDF (bench/progress-line.ts).
Hangs are handled by the caller, which kills this process and restarts it after the stuck file.
"""
import os
import sys
import time


def make_converter(tool):
    if tool == "markitdown":
        from markitdown import MarkItDown

        md = MarkItDown()
        return lambda path: md.convert(path).text_content
    if tool == "pymupdf4llm":
        import pymupdf4llm

        return lambda path: pymupdf4llm.to_markdown(path)
    raise SystemExit(f"unknown tool {tool}")


def main():
    tool, out_dir, pdfs = sys.argv[1], sys.argv[2], sys.argv[3:]
    convert = make_converter(tool)
    for pdf in pdfs:
        doc_id = os.path.basename(pdf)[: -len(".pdf")]
        started = time.perf_counter()
        try:
            text = convert(pdf)
            part = os.path.join(out_dir, doc_id + ".md.part")
            with open(part, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(part, os.path.join(out_dir, doc_id + ".md"))
            print(f"ok\t{doc_id}\t{time.perf_counter() - started:.3f}", flush=True)
        except Exception as e:  # any failure of the peer is a result, not a bench crash
            reason = f"{type(e).__name__}: {e}".replace("\t", " ").replace("\n", " ")[:300]
            print(f"err\t{doc_id}\t{reason}", flush=True)


if __name__ == "__main__":
    main()
