// Presentation of bench results. A section result is plain data so it can be printed, written as
// markdown and saved as JSON alike:
//   { id, title, headers: string[], align: ("left"|"right")[], rows: string[][], notes: string[], data }

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** A fixed-width text table for the terminal. */
export function formatTable({ headers, align = [], rows }) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (align[i] === "right" ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A GitHub-flavoured markdown table. */
export function markdownTable({ headers, align = [], rows }) {
  const escape = (cell) => String(cell).replace(/\|/g, "\\|");
  const line = (cells) => `| ${cells.map(escape).join(" | ")} |`;
  const rule = headers.map((_, i) => (align[i] === "right" ? "---:" : "---"));
  return [line(headers), line(rule), ...rows.map(line)].join("\n");
}

export function printSection(section, out = console.log) {
  out(`\n== ${section.title} ==\n`);
  out(formatTable(section));
  for (const note of section.notes ?? []) out(`  * ${note}`);
}

export function markdownSection(section, level = 3) {
  const notes = (section.notes ?? []).map((n) => `- ${n}`);
  return [
    `${"#".repeat(level)} ${section.title}`,
    "",
    markdownTable(section),
    ...(notes.length ? ["", ...notes] : []),
    "",
  ].join("\n");
}

export function writeFileEnsuringDir(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
