// A QR code as SVG, drawn from the DOM (no markup parsed, no innerHTML: the strict
// policy's Trusted Types would refuse it, and nothing here needs it).
//
// The encoder is lean-qr (MIT; vendor/lean-qr.mjs, copied from the pinned npm package
// by build.py), loaded with import() on the first code drawn: a page that never shares
// a game never downloads it. It picks the smallest mix of QR modes by itself, so a
// link's base32hex text (QR's alphanumeric characters) costs 5.5 bits a character.

const SVG = "http://www.w3.org/2000/svg";
/** The quiet zone around the code, in modules (the standard asks for 4). */
const QUIET = 4;

/**
 * What this module reads of lean-qr: `generate` and the correction level it asks for.
 * @typedef {{ size: number, get(x: number, y: number): boolean }} QrBitmap
 * @typedef {{ generate(text: string, options: { minCorrectionLevel: number }): QrBitmap, correction: { M: number } }} QrEncoder
 */

/** @type {Promise<QrEncoder> | null} */
let encoder = null;

/** lean-qr, imported once (a rejected import is tried again next time). */
function load() {
  encoder ??= import(new URL("../vendor/lean-qr.mjs", import.meta.url).href).catch((error) => {
    encoder = null;
    throw error;
  });
  return encoder;
}

/**
 * `text` as a QR code at error correction M (or better, when it fits the same
 * size): `{svg, version, size}`, `svg` an <svg> element one path of dark modules on
 * a light square, scaled by CSS.
 * @param {string} text
 * @param {{ label?: string }} [options]
 */
export async function qrCode(text, { label = "" } = {}) {
  const { generate, correction } = await load();
  const code = generate(text, { minCorrectionLevel: correction.M });
  const side = code.size + 2 * QUIET;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  if (label) svg.setAttribute("aria-label", label);
  const background = document.createElementNS(SVG, "rect");
  /** @type {[string, string | number][]} */
  const attributes = [
    ["width", side],
    ["height", side],
    ["fill", "#fff"],
  ];
  for (const [name, value] of attributes) background.setAttribute(name, String(value));
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", modulesPath(code));
  path.setAttribute("fill", "#000");
  svg.append(background, path);
  return { svg, version: (code.size - 17) / 4, size: code.size };
}

/**
 * One path for every dark module: a run of dark modules in a row is one rectangle.
 * @param {QrBitmap} code
 */
function modulesPath(code) {
  const parts = [];
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      let end = x;
      while (end + 1 < code.size && code.get(end + 1, y)) end++;
      parts.push(`M${x + QUIET} ${y + QUIET}h${end - x + 1}v1h${-(end - x + 1)}z`);
      x = end;
    }
  }
  return parts.join("");
}
