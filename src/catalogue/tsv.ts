/** Tab-separated tables with a header line, as the catalogue's source files are written. */

/** Rows of a table as records; the named columns must be there. */
export function readTsv(text: string, name: string, columns: readonly string[]): Record<string, string>[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const header = (lines[0] ?? "").split("\t");
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new Error(`the ${name} lacks the column(s) ${missing.join(", ")}`);
  return lines.slice(1).map((line, i) => {
    const cells = line.split("\t");
    if (cells.length !== header.length) {
      throw new Error(`${name} line ${i + 2} has ${cells.length} columns, expected ${header.length}`);
    }
    return Object.fromEntries(header.map((column, c) => [column, cells[c] ?? ""]));
  });
}
