import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { FileStore } from '../../adapters/storage/file-store';
import { copyWidths, imageVariantUrl, writeImageVariants } from '../../adapters/storage/image-variants';
import { createRng, hashString, type Rng } from './random';

/**
 * Generated artwork for seeded titles, people and episodes: an SVG per image (a gradient in a
 * per-name palette, a few simple shapes, the name set in type) rendered to WebP with sharp. File
 * names are derived from the SVG source, so the same artwork is written once and never changes.
 */
export interface ArtJob {
  folder: 'posters' | 'thumbnails' | 'banners' | 'people' | 'episodes';
  width: number;
  height: number;
  svg: string;
  /** Root-relative public URL, `/media/images/<folder>/<hash>.webp`. */
  url: string;
}

export const ART_SIZES = {
  posters: { width: 400, height: 600 },
  thumbnails: { width: 640, height: 360 },
  banners: { width: 1920, height: 800 },
  people: { width: 400, height: 400 },
  episodes: { width: 640, height: 360 },
} as const;

const WEBP = { quality: 80, effort: 0 } as const;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => {
    switch (char) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

interface Palette {
  deep: string;
  mid: string;
  light: string;
  accent: string;
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): string => {
    let x = t;
    if (x < 0) x += 1;
    if (x > 1) x -= 1;
    let value: number;
    if (x < 1 / 6) value = p + (q - p) * 6 * x;
    else if (x < 1 / 2) value = q;
    else if (x < 2 / 3) value = p + (q - p) * (2 / 3 - x) * 6;
    else value = p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

function paletteFor(key: string, hueShift = 0): Palette {
  const seed = hashString(key);
  const hue = (seed % 360) + hueShift;
  const spread = 25 + (seed % 50);
  const saturation = 45 + ((seed >>> 9) % 35);
  return {
    deep: hsl(hue, saturation, 12),
    mid: hsl(hue + spread, saturation + 10, 34),
    light: hsl(hue + spread * 1.5, saturation + 15, 62),
    accent: hsl(hue + 180, 70, 64),
  };
}

/** Splits text into at most `maxLines` lines of at most `maxChars`, or null when it does not fit. */
function wrap(text: string, maxChars: number, maxLines: number): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (word.length > maxChars) return null;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

/** The largest font size (down to `minSize`) at which `text` fits the box. */
function fitText(text: string, width: number, maxLines: number, startSize: number, minSize: number) {
  for (let size = startSize; size > minSize; size -= 2) {
    const lines = wrap(text, Math.floor(width / (size * 0.62)), maxLines);
    if (lines) return { size, lines };
  }
  const maxChars = Math.floor(width / (minSize * 0.62));
  const lines = wrap(text, maxChars, maxLines) ?? [
    text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text,
  ];
  return { size: minSize, lines };
}

/** Multi-line text whose last baseline sits at `bottom`; `top` is the cap line of its first line. */
function textBlock(
  text: string,
  box: { x: number; bottom: number; width: number },
  style: {
    maxLines: number;
    size: number;
    minSize: number;
    fill: string;
    anchor?: 'start' | 'middle' | 'end';
  },
): { svg: string; top: number } {
  const { size, lines } = fitText(text, box.width, style.maxLines, style.size, style.minSize);
  const lineHeight = Math.round(size * 1.12);
  const first = box.bottom - (lines.length - 1) * lineHeight;
  const tspans = lines
    .map((line, index) => `<tspan x="${box.x}" y="${first + index * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return {
    svg: `<text font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${style.fill}" text-anchor="${
      style.anchor ?? 'start'
    }">${tspans}</text>`,
    top: first - Math.round(size * 0.75),
  };
}

function label(text: string, x: number, y: number, size: number, fill: string, anchor = 'start'): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" letter-spacing="${
    size * 0.12
  }" fill="${fill}" text-anchor="${anchor}">${escapeXml(text)}</text>`;
}

/** One of several simple compositions, drawn inside the given area. */
function motif(rng: Rng, palette: Palette, area: { x: number; y: number; w: number; h: number }): string {
  const { x, y, w, h } = area;
  const unit = Math.min(w, h);
  const parts: string[] = [];
  switch (rng.int(0, 6)) {
    case 0: {
      // A sun over layered hills.
      const cx = x + w * rng.float(0.3, 0.7);
      parts.push(
        `<circle cx="${cx}" cy="${y + h * 0.42}" r="${unit * 0.22}" fill="${palette.accent}" fill-opacity="0.85"/>`,
      );
      for (let layer = 0; layer < 3; layer++) {
        const base = y + h * (0.62 + layer * 0.12);
        const peaks = Array.from(
          { length: 5 },
          (_, i) => `${x + (w * (i + 0.5)) / 5},${base - unit * rng.float(0.08, 0.3)}`,
        );
        parts.push(
          `<polygon points="${x},${y + h} ${x},${base} ${peaks.join(' ')} ${x + w},${base} ${x + w},${y + h}" fill="${
            layer === 2 ? palette.deep : palette.mid
          }" fill-opacity="${0.55 + layer * 0.2}"/>`,
        );
      }
      break;
    }
    case 1: {
      // Concentric rings.
      const cx = x + w * rng.float(0.35, 0.65);
      const cy = y + h * rng.float(0.3, 0.55);
      for (let ring = 6; ring >= 1; ring--) {
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="${(unit * ring) / 11}" fill="none" stroke="${
            ring % 2 ? palette.accent : palette.light
          }" stroke-width="${unit / 60}" stroke-opacity="${0.25 + ring * 0.08}"/>`,
        );
      }
      break;
    }
    case 2: {
      // Diagonal bands.
      const bands = rng.int(4, 7);
      for (let band = 0; band < bands; band++) {
        const offset = x + (w * band) / bands + rng.float(-0.05, 0.05) * w;
        const width = w * rng.float(0.04, 0.12);
        parts.push(
          `<polygon points="${offset},${y + h} ${offset + width},${y + h} ${offset + width + h * 0.6},${y} ${
            offset + h * 0.6
          },${y}" fill="${band % 2 ? palette.light : palette.accent}" fill-opacity="${rng.float(0.15, 0.45).toFixed(2)}"/>`,
        );
      }
      break;
    }
    case 3: {
      // Rolling waves.
      for (let wave = 0; wave < 5; wave++) {
        const baseY = y + h * (0.35 + wave * 0.12);
        const amp = unit * rng.float(0.03, 0.08);
        const d = [`M${x},${baseY}`];
        for (let i = 1; i <= 4; i++) {
          d.push(
            `Q${x + (w * (i - 0.5)) / 4},${baseY + (i % 2 ? -amp : amp) * 2} ${x + (w * i) / 4},${baseY}`,
          );
        }
        parts.push(
          `<path d="${d.join(' ')} L${x + w},${y + h} L${x},${y + h} Z" fill="${
            wave % 2 ? palette.mid : palette.light
          }" fill-opacity="${(0.18 + wave * 0.1).toFixed(2)}"/>`,
        );
      }
      break;
    }
    case 4: {
      // A grid of dots fading out.
      const cols = 9;
      const rows = Math.max(4, Math.round((cols * h) / w));
      for (let row = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++) {
          const r = (unit / 40) * (1 + ((row + col) % 3));
          parts.push(
            `<circle cx="${x + ((col + 0.5) * w) / cols}" cy="${y + ((row + 0.5) * h) / rows}" r="${r.toFixed(1)}" fill="${
              palette.accent
            }" fill-opacity="${(0.1 + (0.5 * (rows - row)) / rows).toFixed(2)}"/>`,
          );
        }
      }
      break;
    }
    case 5: {
      // A skyline under a moon.
      parts.push(
        `<circle cx="${x + w * 0.72}" cy="${y + h * 0.24}" r="${unit * 0.12}" fill="${palette.light}" fill-opacity="0.9"/>`,
        `<circle cx="${x + w * 0.72 + unit * 0.05}" cy="${y + h * 0.22}" r="${unit * 0.11}" fill="${palette.mid}"/>`,
      );
      let left = x;
      while (left < x + w) {
        const bw = w * rng.float(0.06, 0.14);
        const bh = h * rng.float(0.2, 0.55);
        parts.push(
          `<rect x="${left.toFixed(1)}" y="${(y + h - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(
            1,
          )}" fill="${palette.deep}" fill-opacity="0.9"/>`,
        );
        left += bw + w * 0.01;
      }
      break;
    }
    default: {
      // Overlapping triangles.
      for (let i = 0; i < 6; i++) {
        const cx = x + w * rng.float(0.1, 0.9);
        const cy = y + h * rng.float(0.15, 0.8);
        const s = unit * rng.float(0.12, 0.32);
        parts.push(
          `<polygon points="${cx},${cy - s} ${cx + s},${cy + s * 0.8} ${cx - s},${cy + s * 0.8}" fill="${
            i % 2 ? palette.accent : palette.light
          }" fill-opacity="${rng.float(0.2, 0.55).toFixed(2)}"/>`,
        );
      }
    }
  }
  return parts.join('');
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** Gradients run along an axis: diagonal and radial ones cost several times more to rasterise. */
function backgroundDefs(palette: Palette, vertical: boolean): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return (
    `<linearGradient id="bg" ${direction}><stop offset="0" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.deep}"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/></linearGradient>` +
    `<linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.82"/><stop offset="0.85" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`
  );
}

function job(folder: ArtJob['folder'], svg: string): ArtJob {
  const { width, height } = ART_SIZES[folder];
  const hash = createHash('sha256').update(`${width}x${height}\n${svg}`).digest('hex').slice(0, 24);
  return { folder, width, height, svg, url: `/media/images/${folder}/${hash}.webp` };
}

export function posterArt(name: string, caption: string): ArtJob {
  const { width, height } = ART_SIZES.posters;
  const palette = paletteFor(name);
  const rng = createRng(hashString(`poster:${name}`));
  const title = textBlock(
    name,
    { x: 28, bottom: height - 62, width: width - 56 },
    {
      maxLines: 4,
      size: 46,
      minSize: 24,
      fill: '#ffffff',
    },
  );
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    motif(rng, palette, { x: 0, y: 0, w: width, h: height * 0.75 }) +
    `<rect y="${height * 0.45}" width="${width}" height="${height * 0.55}" fill="url(#shade)"/>` +
    `<rect x="28" y="${title.top - 22}" width="56" height="5" fill="${palette.accent}"/>` +
    title.svg +
    label(caption.toUpperCase(), 28, height - 28, 15, palette.light);
  return job('posters', svgDocument(width, height, backgroundDefs(palette, true), body));
}

export function thumbnailArt(name: string, caption: string): ArtJob {
  const { width, height } = ART_SIZES.thumbnails;
  const palette = paletteFor(name);
  const rng = createRng(hashString(`thumb:${name}`));
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    motif(rng, palette, { x: width * 0.3, y: 0, w: width * 0.7, h: height }) +
    `<rect width="${width * 0.7}" height="${height}" fill="url(#side)"/>` +
    textBlock(
      name,
      { x: 32, bottom: height - 60, width: width * 0.62 },
      {
        maxLines: 3,
        size: 40,
        minSize: 22,
        fill: '#ffffff',
      },
    ).svg +
    label(caption.toUpperCase(), 32, height - 28, 14, palette.light);
  return job('thumbnails', svgDocument(width, height, backgroundDefs(palette, false), body));
}

export function bannerArt(name: string, caption: string): ArtJob {
  const { width, height } = ART_SIZES.banners;
  const palette = paletteFor(name);
  const rng = createRng(hashString(`banner:${name}`));
  // The site sets the title's details over the left side, so the art keeps that side calm.
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    motif(rng, palette, { x: width * 0.35, y: 0, w: width * 0.65, h: height }) +
    motif(createRng(hashString(`banner2:${name}`)), palette, {
      x: width * 0.55,
      y: height * 0.1,
      w: width * 0.45,
      h: height * 0.9,
    }) +
    `<rect width="${width * 0.7}" height="${height}" fill="url(#side)"/>` +
    `<rect y="${height * 0.45}" width="${width}" height="${height * 0.55}" fill="url(#shade)" fill-opacity="0.6"/>` +
    textBlock(
      name,
      { x: width - 80, bottom: height - 110, width: width * 0.4 },
      {
        maxLines: 2,
        size: 84,
        minSize: 48,
        fill: '#ffffff',
        anchor: 'end',
      },
    ).svg +
    label(caption.toUpperCase(), width - 80, height - 60, 24, palette.light, 'end');
  return job('banners', svgDocument(width, height, backgroundDefs(palette, false), body));
}

export function portraitArt(name: string): ArtJob {
  const { width, height } = ART_SIZES.people;
  const palette = paletteFor(name, 20);
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="0.6" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.deep}"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></linearGradient>`;
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<circle cx="200" cy="150" r="150" fill="${palette.light}" fill-opacity="0.18"/>` +
    `<circle cx="200" cy="150" r="110" fill="${palette.light}" fill-opacity="0.18"/>` +
    `<circle cx="200" cy="150" r="72" fill="${palette.deep}" fill-opacity="0.75"/>` +
    `<path d="M60,400 C60,280 120,238 200,238 C280,238 340,280 340,400 Z" fill="${palette.deep}" fill-opacity="0.75"/>` +
    `<text x="200" y="172" font-family="${FONT}" font-weight="bold" font-size="60" fill="${palette.light}" text-anchor="middle">${escapeXml(
      initials,
    )}</text>` +
    `<rect y="${height * 0.45}" width="${width}" height="${height * 0.55}" fill="url(#shade)"/>` +
    textBlock(
      name,
      { x: 200, bottom: height - 26, width: width - 40 },
      {
        maxLines: 1,
        size: 32,
        minSize: 18,
        fill: '#ffffff',
        anchor: 'middle',
      },
    ).svg;
  return job('people', svgDocument(width, height, defs, body));
}

export function episodeArt(showName: string, season: number, episode: number, name: string): ArtJob {
  const { width, height } = ART_SIZES.episodes;
  const palette = paletteFor(showName, season * 37 + episode * 7);
  const rng = createRng(hashString(`episode:${showName}:${season}:${episode}`));
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    motif(rng, palette, { x: 0, y: 0, w: width, h: height }) +
    `<rect y="${height * 0.45}" width="${width}" height="${height * 0.55}" fill="url(#shade)"/>` +
    label(`S${season} · E${episode}`, 28, 44, 18, '#ffffff') +
    label(showName.toUpperCase(), 28, height - 76, 13, palette.light) +
    textBlock(
      name,
      { x: 28, bottom: height - 30, width: width - 56 },
      {
        maxLines: 1,
        size: 34,
        minSize: 20,
        fill: '#ffffff',
      },
    ).svg;
  return job('episodes', svgDocument(width, height, backgroundDefs(palette, false), body));
}

/** Artwork drawn on cards: its smaller copies (image-variants.ts) are made with it. */
const CARD_ART: ReadonlySet<ArtJob['folder']> = new Set(['thumbnails']);

/** The widths of the stored copies of an artwork, ascending, its own last. */
export function artWidths(item: ArtJob): number[] {
  return CARD_ART.has(item.folder) ? copyWidths(item.width) : [item.width];
}

const MEDIA_PATH = '/media/';

/**
 * Writes every job's WebP into the media store under its URL's key, with the smaller copies of
 * card art (skipping artwork whose files are all there), `concurrency` at a time. Returns how many
 * were written.
 */
export async function renderArt(files: FileStore, jobs: readonly ArtJob[], concurrency = 6): Promise<number> {
  const byKey = new Map(jobs.map((item) => [item.url.slice(MEDIA_PATH.length), item]));
  const queue = [...byKey.entries()].reverse();
  let written = 0;
  const worker = async (): Promise<void> => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const [key, item] = next;
      const copies = artWidths(item)
        .slice(0, -1)
        .map((width) => imageVariantUrl(item.url, width)!.slice(MEDIA_PATH.length));
      const [original, ...made] = await Promise.all([key, ...copies].map((each) => files.stat(each)));
      if (original && made.every(Boolean)) continue;
      const bytes = await sharp(Buffer.from(item.svg)).webp(WEBP).toBuffer();
      if (!original) await files.write(key, Readable.from([bytes]));
      if (copies.length > 0) await writeImageVariants(files, item.url, bytes);
      written++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return written;
}
