import type { Breakdown } from "~/modules/calculators/shared/calculator-model";
import { formatPaise } from "~/modules/calculators/shared/money";

/*
 * The breakdown as HTML: what the server renders into a calculator page and what the page's
 * script (calculator-island.ts) draws again as one types, from this one function, so the two
 * cannot differ. Plain strings and no React, so that script stays a few kilobytes (decision
 * 0071). Every text is escaped; the figures come from our own calculators.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const money = (paise: number) => escapeHtml(formatPaise(paise));
const cell = (value: number | string) =>
  typeof value === "number" ? money(value) : escapeHtml(value);

const rowHeading = (label: string, strong?: boolean) =>
  `<th scope="row" class="py-2 pr-2 ${strong ? "font-semibold text-navy-950" : "font-normal text-stone-700"}">${escapeHtml(label)}</th>`;
const figureClass = (strong?: boolean) =>
  `px-2 py-2 text-right tabular-nums ${strong ? "font-semibold" : ""}`;

function section(part: Breakdown["sections"][number]): string {
  const head = part.columns
    ? `<thead><tr class="border-b border-stone-300"><td></td>${part.columns
        .map(
          (column) =>
            `<th scope="col" class="px-2 py-2 text-right font-semibold">${escapeHtml(column)}</th>`,
        )
        .join("")}</tr></thead>`
    : "";
  const grid = (part.grid ?? []).map(
    (row) =>
      `<tr class="border-b border-stone-200">${rowHeading(row.label, row.strong)}${row.values
        .map((value) => `<td class="${figureClass(row.strong)}">${cell(value)}</td>`)
        .join("")}</tr>`,
  );
  const rows = (part.rows ?? []).map(
    (row) =>
      `<tr class="border-b border-stone-200">${rowHeading(row.label, row.strong)}<td class="${figureClass(row.strong)}">${
        row.amount !== undefined ? money(row.amount) : escapeHtml(row.text ?? "")
      }</td></tr>`,
  );
  return `<div class="overflow-x-auto"><table class="w-full min-w-[20rem] border-collapse text-left text-sm"><caption class="pb-2 text-left text-lg font-semibold text-navy-950">${escapeHtml(part.heading)}</caption>${head}<tbody>${grid.join("")}${rows.join("")}</tbody></table></div>`;
}

/** The breakdown: headline (a live region), main figures, tables and the rules' sources. */
export function breakdownHtml(breakdown: Breakdown): string {
  const highlights = breakdown.highlights
    .map(
      (figure) =>
        `<div class="rounded-card border border-stone-200 bg-card p-4"><dt class="text-sm text-stone-600">${escapeHtml(figure.label)}</dt><dd class="mt-1 text-2xl font-semibold text-navy-950">${money(figure.amount)}</dd></div>`,
    )
    .join("");
  const sources = breakdown.sources
    .map(
      (source) =>
        `<div><dt class="font-semibold text-stone-800">${escapeHtml(source.rule)}</dt><dd class="text-stone-700">${escapeHtml(source.source)}</dd></div>`,
    )
    .join("");
  return (
    `<div data-breakdown="" class="space-y-8">` +
    `<div><h2 class="text-2xl font-semibold text-navy-950">${escapeHtml(breakdown.title)}</h2>` +
    `<p class="mt-2 text-lg text-stone-800" data-headline="" aria-live="polite">${escapeHtml(breakdown.headline)}</p></div>` +
    `<dl class="grid gap-4 sm:grid-cols-3">${highlights}</dl>` +
    breakdown.sections.map(section).join("") +
    `<details class="rounded-card border border-stone-200 bg-card p-4"><summary class="cursor-pointer font-semibold text-navy-950">Sources of the rules</summary><dl class="mt-3 space-y-2 text-sm">${sources}</dl></details>` +
    `</div>`
  );
}

/** Why there is no breakdown: a field to correct, or inputs that do not fit together. */
export function problemHtml(message: string): string {
  return `<p class="rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950" role="status">${escapeHtml(message)}</p>`;
}
