// Reliability diagram as a standalone SVG (pure): per confidence bin, observed precision as a bar against
// the diagonal of perfect calibration; bar labels give the number of findings in the bin.
import type { CalibrationBin } from '../../../src/artifacts/schemas/benchmark-report.ts';

const W = 360;
const H = 300;
const PAD = { left: 48, right: 16, top: 28, bottom: 44 };

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function reliabilityDiagram(title: string, bins: readonly CalibrationBin[]): string {
  const pw = W - PAD.left - PAD.right;
  const ph = H - PAD.top - PAD.bottom;
  const x = (v: number) => PAD.left + v * pw;
  const y = (v: number) => PAD.top + (1 - v) * ph;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="10">`,
    `<title>${esc(title)}</title>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="16" text-anchor="middle" font-size="12">${esc(title)}</text>`,
    `<rect x="${PAD.left}" y="${PAD.top}" width="${pw}" height="${ph}" fill="none" stroke="#999"/>`,
  ];
  for (let i = 0; i <= 10; i += 2) {
    const v = i / 10;
    parts.push(`<text x="${x(v)}" y="${H - PAD.bottom + 14}" text-anchor="middle">${v.toFixed(1)}</text>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(v) + 3}" text-anchor="end">${v.toFixed(1)}</text>`);
  }
  parts.push(`<text x="${W / 2}" y="${H - 8}" text-anchor="middle">stated confidence</text>`);
  parts.push(`<text x="12" y="${PAD.top + ph / 2}" text-anchor="middle" transform="rotate(-90 12 ${PAD.top + ph / 2})">observed precision</text>`);
  for (const bin of bins) {
    if (bin.count === 0 || bin.precision === null) continue;
    const bx = x(bin.lower) + 2;
    const bw = x(bin.upper) - x(bin.lower) - 4;
    parts.push(`<rect x="${bx}" y="${y(bin.precision)}" width="${bw}" height="${y(0) - y(bin.precision)}" fill="#4a7bd0" fill-opacity="0.8"><title>${bin.lower.toFixed(1)}–${bin.upper.toFixed(1)}: ${bin.count} findings, precision ${bin.precision.toFixed(2)}</title></rect>`);
    parts.push(`<text x="${bx + bw / 2}" y="${y(bin.precision) - 3}" text-anchor="middle">${bin.count}</text>`);
  }
  parts.push(`<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#d04a4a" stroke-dasharray="4 3"/>`);
  if (bins.every((b) => b.count === 0)) {
    parts.push(`<text x="${W / 2}" y="${PAD.top + ph / 2}" text-anchor="middle" fill="#666">no reported findings</text>`);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
