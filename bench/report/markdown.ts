/** The results as a Markdown table, ready to paste into BENCHMARKS.md. */
import { machineLine } from "../machine.js";
import { SECTIONS } from "../options.js";
import { metText, ratioText, SECTION_TITLES } from "./format.js";
import type { BenchResults } from "./results.js";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

export function markdownReport(results: BenchResults): string {
  const lines = [
    `Run of ${results.startedAt} (${results.quick ? "`npm run bench -- --quick`" : `\`${results.command}\``}).`,
    "",
    `Machine: ${machineLine(results.machine)}.`,
  ];
  if (results.loaded) {
    lines.push(
      "",
      "**Measured on a shared machine that other work was loading: absolute figures are noisy; ratios less so.**",
    );
  }
  lines.push("", "| Section | Measure | Result | Ratio | Target | Met |", "|---|---|---|---|---|---|");
  for (const section of SECTIONS) {
    for (const row of results.rows.filter((r) => r.section === section)) {
      const ratio = row.ratio ? `${ratioText(row)} ${row.ratio.label}` : "";
      lines.push(
        `| ${SECTION_TITLES[section]} | ${cell(row.measure)} | ${cell(row.result)} | ${cell(ratio)} | ${cell(row.target?.text ?? "")} | ${metText(row)} |`,
      );
    }
  }
  if (results.notices.length > 0) {
    lines.push("", "Not run:", "");
    for (const notice of results.notices)
      lines.push(`- ${SECTION_TITLES[notice.section]}: ${notice.message}`);
  }
  return `${lines.join("\n")}\n`;
}
