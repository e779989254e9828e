/**
 * The files scripts/screenshots.ts writes and the contact sheets it draws from them: HTML pages of
 * scaled-down shots, one row per route, that Chromium renders to PNG.
 */
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';

export interface Variant {
  width: 1280 | 390;
  theme: 'light' | 'dark';
}

/** The four shots of every route, in the order a contact sheet's row shows them. */
export const VARIANTS: readonly Variant[] = [
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
];

/** The variants a compare sheet sets before beside after. */
const COMPARED: readonly Variant[] = [
  { width: 1280, theme: 'light' },
  { width: 390, theme: 'light' },
  { width: 1280, theme: 'dark' },
];

export const MANIFEST_FILE = 'manifest.json';

export interface ShotRecord {
  /** The route as the route table writes it. */
  path: string;
  slug: string;
  person: string;
  /** The address shot, parameters filled. */
  address: string;
  /** What did not go as planned: a redirect elsewhere, a page still loading. */
  notes: string[];
}

export interface Manifest {
  dist: string;
  takenAt: string;
  shots: ShotRecord[];
}

export const shotFile = (slug: string, variant: Variant): string => `${slug}--${variant.width}--${variant.theme}.png`;

const SHEET_PADDING = 16;
const CELL_GAP = 10;
const SECTION_PADDING = 12;

/** How a sheet lays routes out: so many to a sheet, in so many columns, each shot so wide at most so tall. */
interface Layout {
  prefix: string;
  routesPerSheet: number;
  columns: number;
  maxHeight: number;
}

/** Eight routes, two to a row, in a picture about as tall as it is wide. */
const CONTACT: Layout = { prefix: 'sheet', routesPerSheet: 8, columns: 2, maxHeight: 480 };
/** Four routes, one to a row: before and after want a closer look. */
const COMPARE: Layout = { prefix: 'compare', routesPerSheet: 4, columns: 1, maxHeight: 640 };

interface Cell {
  label: string;
  /** Absent when that run has no such shot. */
  file: string | null;
  /** Shown this wide, however wide the shot. */
  width: number;
}

interface Row {
  caption: string;
  notes: string[];
  cells: Cell[];
}

/** Width and height from a PNG's header (IHDR, right after the 8-byte signature). */
async function pngSize(file: string): Promise<{ width: number; height: number }> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(24);
    await handle.read(header, 0, 24, 0);
    return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
  } finally {
    await handle.close();
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function cellHtml(cell: Cell, maxHeight: number): Promise<string> {
  const label = `<figcaption>${escapeHtml(cell.label)}</figcaption>`;
  if (!cell.file || !existsSync(cell.file))
    return `<figure style="width:${cell.width}px">${label}<div class="missing">no shot</div></figure>`;
  const size = await pngSize(cell.file);
  const shownHeight = Math.round((size.height * cell.width) / size.width);
  const cropped =
    shownHeight > maxHeight ? `<div class="cropped">cut off here: the page is ${size.height} px tall</div>` : '';
  return `<figure style="width:${cell.width}px">${label}<div class="frame" style="max-height:${maxHeight}px"><img src="${pathToFileURL(cell.file).href}" alt=""></div>${cropped}</figure>`;
}

async function sheetHtml(rows: Row[], layout: Layout): Promise<string> {
  const sections = await Promise.all(
    rows.map(async (row) => {
      const cells = await Promise.all(row.cells.map((cell) => cellHtml(cell, layout.maxHeight)));
      const notes = row.notes.map((note) => `<div class="note">${escapeHtml(note)}</div>`).join('');
      return `<section><h2>${escapeHtml(row.caption)}</h2>${notes}<div class="cells">${cells.join('')}</div></section>`;
    }),
  );
  return `<!doctype html><meta charset="utf-8"><style>
    body { margin: 0; padding: ${SHEET_PADDING}px; background: #d1d5db; font: 12px/1.4 system-ui, sans-serif; color: #111827; }
    main { display: grid; grid-template-columns: repeat(${layout.columns}, max-content); gap: ${CELL_GAP}px; align-items: start; }
    section { background: #f9fafb; border-radius: 8px; padding: ${SECTION_PADDING}px; }
    h2 { margin: 0 0 6px; font: 600 15px ui-monospace, monospace; }
    .note { color: #b45309; margin-bottom: 4px; max-width: 900px; }
    .cells { display: flex; gap: ${CELL_GAP}px; align-items: flex-start; }
    figure { margin: 0; flex: none; }
    figcaption { color: #4b5563; margin-bottom: 3px; }
    .frame { overflow: hidden; outline: 1px solid #9ca3af; }
    .frame img { display: block; width: 100%; }
    .cropped { color: #6b7280; font-size: 11px; margin-top: 2px; }
    .missing { display: grid; place-items: center; height: 120px; border: 1px dashed #9ca3af; color: #6b7280; }
  </style><main>${sections.join('')}</main>`;
}

/** Renders the rows, `layout.routesPerSheet` at a time, to `<prefix>-1.png`, `<prefix>-2.png`…; answers how many. */
async function renderSheets(browser: Browser, rows: Row[], outDir: string, layout: Layout): Promise<number> {
  if (rows.length === 0) return 0;
  const sectionWidth = Math.max(
    ...rows.map((row) => row.cells.reduce((sum, cell) => sum + cell.width + CELL_GAP, 2 * SECTION_PADDING - CELL_GAP)),
  );
  const width = 2 * SHEET_PADDING + layout.columns * (sectionWidth + CELL_GAP);
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: 'light' });
  const scratch = await mkdtemp(path.join(tmpdir(), 'portico-sheets-'));
  try {
    const page = await context.newPage();
    const count = Math.ceil(rows.length / layout.routesPerSheet);
    for (let n = 1; n <= count; n++) {
      const html = path.join(scratch, `${layout.prefix}-${n}.html`);
      const sheetRows = rows.slice((n - 1) * layout.routesPerSheet, n * layout.routesPerSheet);
      await writeFile(html, await sheetHtml(sheetRows, layout));
      await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
      await page.screenshot({ path: path.join(outDir, `${layout.prefix}-${n}.png`), fullPage: true });
    }
    return count;
  } finally {
    await context.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

const caption = (shot: ShotRecord): string => `${shot.path}   as ${shot.person}`;

/** `sheet-<n>.png`: per route, its four shots side by side. */
export function writeContactSheets(browser: Browser, outDir: string, manifest: Manifest): Promise<number> {
  const rows = manifest.shots.map((shot) => ({
    caption: caption(shot),
    notes: shot.notes,
    cells: VARIANTS.map((variant) => ({
      label: `${variant.width} px, ${variant.theme}`,
      file: path.join(outDir, shotFile(shot.slug, variant)),
      width: variant.width === 1280 ? 300 : 150,
    })),
  }));
  return renderSheets(browser, rows, outDir, CONTACT);
}

/**
 * `compare-<n>.png`: per route, the earlier run's shot beside this one's at 1280 light, 390 light
 * and 1280 dark. Routes only one run has show an empty place in the other.
 */
export async function writeCompareSheets(
  browser: Browser,
  outDir: string,
  beforeDir: string,
  after: Manifest,
): Promise<number> {
  const before = JSON.parse(await readFile(path.join(beforeDir, MANIFEST_FILE), 'utf8')) as Manifest;
  const beforeBySlug = new Map(before.shots.map((shot) => [shot.slug, shot]));
  const afterSlugs = new Set(after.shots.map((shot) => shot.slug));
  const pairs = [
    ...after.shots.map((shot) => ({ shot, old: beforeBySlug.get(shot.slug), now: shot as ShotRecord | undefined })),
    ...before.shots.filter((shot) => !afterSlugs.has(shot.slug)).map((shot) => ({ shot, old: shot, now: undefined })),
  ];
  const rows = pairs.map(({ shot, old, now }) => ({
    caption: caption(shot),
    notes: [
      ...(old?.notes ?? ['not in the before run']).map((note) => `before: ${note}`),
      ...(now?.notes ?? ['not in this run']).map((note) => `after: ${note}`),
    ],
    cells: COMPARED.flatMap((variant) =>
      [
        { when: 'before', dir: beforeDir, run: old },
        { when: 'after', dir: outDir, run: now },
      ].map(({ when, dir, run }) => ({
        label: `${when}: ${variant.width} px, ${variant.theme}`,
        file: run ? path.join(dir, shotFile(run.slug, variant)) : null,
        width: variant.width === 1280 ? 360 : 180,
      })),
    ),
  }));
  return renderSheets(browser, rows, outDir, COMPARE);
}
