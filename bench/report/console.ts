/** The results as a person reads them in a terminal: by section, a mark, the measure, ratio and target. */
import { machineLine } from "../machine.js";
import { SECTIONS } from "../options.js";
import { metText, ratioText, SECTION_TITLES } from "./format.js";
import type { BenchResults } from "./results.js";

export function consoleReport(results: BenchResults): string {
  const lines: string[] = [];
  lines.push("", `wordclip benchmarks (${results.quick ? "quick" : "full"} run, ${results.startedAt})`);
  lines.push(`machine: ${machineLine(results.machine)}`);
  if (results.loaded)
    lines.push("NOTE: the machine was already busy when the run started; figures are noisy.");
  for (const section of SECTIONS) {
    const rows = results.rows.filter((r) => r.section === section);
    const notices = results.notices.filter((n) => n.section === section);
    if (rows.length === 0 && notices.length === 0) continue;
    lines.push("", SECTION_TITLES[section]);
    for (const row of rows) {
      const mark = metText(row) || "·";
      const ratio = row.ratio ? `  ratio ${ratioText(row)} (${row.ratio.label})` : "";
      const target = row.target ? `  target ${row.target.text}` : "";
      lines.push(`  ${mark} ${row.measure}${ratio}${target}`, `      ${row.result}`);
    }
    for (const notice of notices) lines.push(`  !! ${notice.message}`);
  }
  const checked = results.rows.filter((r) => r.target !== undefined);
  const missed = checked.filter((r) => r.target?.met === false);
  lines.push("", `targets: ${checked.length - missed.length} of ${checked.length} met`);
  for (const row of missed) lines.push(`  ✗ ${row.measure} (target ${row.target?.text})`);
  return `${lines.join("\n")}\n`;
}
