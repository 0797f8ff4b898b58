import type { VlSpec } from './charts.js';
import { cellText, esc } from './page-format.js';
import { renderSvg } from './svg.js';
import { columnTitle, estimateColumns, isProportion, type DataTable } from './table-charts.js';

/** One chart of a page: an id (kebab-case, unique in the page; the test finds it by `data-chart`) and its spec. */
export interface PageChart {
  readonly id: string;
  readonly spec: VlSpec;
}

/** A group of charts drawn from one table, with its caption and the table itself under them. */
export interface Block {
  readonly id: string;
  readonly title: string;
  readonly charts: readonly PageChart[];
  /** Plain text: what the numbers are, their unit and interval, the test if any. */
  readonly caption: string;
  readonly table?: DataTable;
}

/** A section of the page. */
export interface Section {
  readonly id: string;
  readonly title: string;
  /** Plain-text paragraphs before the blocks. */
  readonly intro?: readonly string[];
  readonly blocks: readonly Block[];
}

/** A report page: the answer first, then the evidence. All text is plain (escaped on output) except `links`. */
export interface Page {
  readonly title: string;
  /** One line under the title: game, run size, seed. */
  readonly meta: string;
  /** The answer to the run's question, one plain-text line each; the page's first lines. */
  readonly answer: readonly string[];
  readonly sections: readonly Section[];
  /** Relative links (other pages of the run), shown after the answer. */
  readonly links?: readonly { readonly href: string; readonly text: string }[];
  /** The run's files the page was built from. */
  readonly sources: readonly string[];
  /** What the page could not show (missing files of older runs). */
  readonly missing?: readonly string[];
}

const CSS = `
:root { color-scheme: light; }
body { font: 15px/1.45 Helvetica, Arial, sans-serif; color: #111; background: #fff; margin: 0 auto; padding: 1.2rem 1.5rem 3rem; max-width: 1500px; }
h1 { font-size: 1.5rem; margin: 0 0 .2rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
.meta { color: #444; margin: 0 0 1rem; }
.answer { background: #f3f6fa; border-left: 5px solid #4c78a8; padding: .6rem 1rem; margin: 0 0 1rem; }
.answer h2 { border: 0; margin: 0 0 .3rem; padding: 0; font-size: 1.1rem; }
.answer ul { margin: 0; padding-left: 1.2rem; }
.answer li { margin: .15rem 0; }
.charts { display: flex; flex-wrap: wrap; gap: .8rem 1.5rem; align-items: flex-start; }
figure.chart { margin: 0; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
.caption { color: #333; font-size: .9rem; max-width: 75rem; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: .85rem; margin: .3rem 0 .8rem; }
caption { text-align: left; font-size: .8rem; color: #555; padding-bottom: .2rem; }
th, td { border: 1px solid #ccc; padding: .15rem .45rem; text-align: right; white-space: nowrap; }
th { background: #f1f1f1; font-weight: 600; }
td.text, th.text { text-align: left; }
.missing { color: #8a5a00; }
footer { margin-top: 2.5rem; font-size: .8rem; color: #555; border-top: 1px solid #ccc; padding-top: .5rem; }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  body { font-size: 10pt; padding: 0; max-width: none; }
  h2 { break-after: avoid; }
  .answer { border-left-width: 3px; background: none; }
  .block, figure.chart, table { break-inside: avoid; }
  .table-wrap { overflow: visible; }
  table { font-size: 7.5pt; }
  th, td { white-space: normal; }
  a { color: inherit; text-decoration: none; }
}
`;

/**
 * A table as HTML: one column per file column, except that a column's
 * `_lo`/`_hi` partners join it as "value [lo, hi]"; proportions as
 * percentages, missing values as '–'. Every number is the file's, rounded.
 */
export function tableHtml(t: DataTable): string {
  const pairs = new Map<string, readonly [string, string]>(estimateColumns(t.columns).map((c) => [c, [`${c}_lo`, `${c}_hi`] as const]));
  for (const [c, p] of Object.entries(t.intervals ?? {})) if (t.columns.includes(c) && t.columns.includes(p[0]) && t.columns.includes(p[1])) pairs.set(c, p);
  const partners = new Set([...pairs.values()].flat());
  const shown = t.columns.filter((c) => !partners.has(c));
  const isText = (c: string): boolean => t.rows.some((r) => typeof r[c] === 'string');
  const head = shown
    .map(
      (c) =>
        `<th scope="col" class="${isText(c) ? 'text' : ''}">${esc(columnTitle(t, c))}${pairs.has(c) ? ' <span class="ci">[95% interval]</span>' : ''}</th>`,
    )
    .join('');
  const body = t.rows
    .map((r) => {
      const cells = shown.map((c) => {
        const p =
          isProportion(c) ||
          (t.proportions?.includes(c) ?? false) ||
          (typeof r[c] === 'number' && c !== 'paired' && c !== 'deals' && (t.percentIf?.(r, c) ?? false));
        let text = cellText(r[c], p);
        const ci = pairs.get(c);
        // A bound that is missing or could not be computed (NaN: too few deals to vary) leaves the interval out.
        const bound = (x: unknown): boolean => x !== null && x !== undefined && !(typeof x === 'number' && !Number.isFinite(x));
        if (ci && bound(r[ci[0]]) && bound(r[ci[1]])) text += ` [${cellText(r[ci[0]], p)}, ${cellText(r[ci[1]], p)}]`;
        return `<td class="${typeof r[c] === 'string' ? 'text' : ''}">${esc(text)}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<div class="table-wrap"><table data-table="${esc(t.id)}"><caption>${esc(t.title)} (table view)</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

async function blockHtml(b: Block): Promise<string> {
  const figs: string[] = [];
  for (const c of b.charts) {
    const svg = await renderSvg(c.spec, c.id);
    const desc = typeof c.spec.description === 'string' ? c.spec.description : '';
    figs.push(
      `<figure class="chart" data-chart="${esc(c.id)}" role="group" aria-label="${esc(desc)}">${svg.replace('<svg ', `<svg role="img" aria-label="${esc(desc)}" `)}</figure>`,
    );
  }
  return [
    `<div class="block" id="${esc(b.id)}">`,
    `<h3>${esc(b.title)}</h3>`,
    figs.length ? `<div class="charts">${figs.join('\n')}</div>` : '',
    b.caption ? `<p class="caption">${esc(b.caption)}</p>` : '',
    b.table ? tableHtml(b.table) : '',
    '</div>',
  ].join('\n');
}

/**
 * Renders a page to one self-contained HTML document: inline CSS (screen and
 * print), every chart rendered to SVG and inlined, no script, no external
 * resource.
 * @throws Error when a chart fails to render.
 */
export async function renderPage(p: Page): Promise<string> {
  const sections: string[] = [];
  for (const s of p.sections) {
    const blocks: string[] = [];
    for (const b of s.blocks) blocks.push(await blockHtml(b));
    sections.push(
      `<section id="${esc(s.id)}">\n<h2>${esc(s.title)}</h2>\n${(s.intro ?? []).map((x) => `<p class="caption">${esc(x)}</p>`).join('\n')}\n${blocks.join('\n')}\n</section>`,
    );
  }
  const links = p.links?.length ? `<p>Pages of this run: ${p.links.map((l) => `<a href="${esc(encodeURI(l.href))}">${esc(l.text)}</a>`).join(' · ')}</p>` : '';
  const missing = p.missing?.length
    ? `<p class="missing">Not shown (files missing, e.g. a run made by an older version): ${esc(p.missing.join('; '))}.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.title)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${esc(p.title)}</h1>
<p class="meta">${esc(p.meta)}</p>
</header>
<section class="answer" id="answer" aria-label="answer">
<h2>Answer</h2>
<ul>
${p.answer.map((a) => `<li>${esc(a)}</li>`).join('\n')}
</ul>
</section>
${links}
${missing}
${sections.join('\n')}
<footer>Built from the run's files only (${esc(p.sources.join(', '))}); every number shown is one of theirs, rounded (proportions as percentages). Charts: Vega-Lite, rendered to SVG.</footer>
</body>
</html>
`;
}
