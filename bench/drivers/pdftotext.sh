#!/bin/sh
# Bench driver for poppler's pdftotext (plain mode; its text is taken as Markdown).
# usage: pdftotext.sh OUTDIR PDF...   prints one protocol line per PDF (see progress-line.ts).
# Writes to a temporary name first so a partial file never looks like a finished one.
out=$1; shift
for pdf in "$@"; do
  id=$(basename "$pdf" .pdf)
  if err=$(pdftotext -enc UTF-8 "$pdf" "$out/$id.md.part" 2>&1); then
    mv "$out/$id.md.part" "$out/$id.md"
    printf 'ok\t%s\n' "$id"
  else
    rm -f "$out/$id.md.part"
    printf 'err\t%s\t%s\n' "$id" "$(printf '%s' "$err" | tr '\t\n' '  ' | cut -c1-300)"
  fi
done
