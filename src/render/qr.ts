import { crc32, deflateSync } from "node:zlib";
import QRCode from "qrcode";

/** The picture's side at most, in pixels; each module is a whole number of pixels. */
const SIDE = 512;
/** Light modules around the code, as scanners want (the qrcode package's `margin`). */
const MARGIN = 2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A QR code of `text` (a VLESS link, a subscription URL) as a PNG picture, ready for
 * `new InputFile(buffer, "qr.png")`. Pure: the same text always gives the same picture, so it is
 * safe to compute inside a conversation.
 *
 * The qrcode package lays out the modules; the PNG is written here as one bit per pixel, each
 * module row repeated: the package's own PNG writer (RGBA, every row filtered five ways to pick
 * the smallest) cost ~20 ms of the event loop per code, which a burst of 50 paid orders queued
 * behind each other (bench/orders-burst.ts).
 */
export async function qrPng(text: string): Promise<Buffer> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = modules.size + 2 * MARGIN;
  const scale = Math.max(1, Math.floor(SIDE / count));
  const side = count * scale;
  const rowBytes = 1 + Math.ceil(side / 8);
  const rows: Buffer[] = [];
  const light = Buffer.alloc(rowBytes, 0xff);
  light[0] = 0; // filter: none
  for (let y = 0; y < count; y++) {
    const row = Buffer.from(light);
    const my = y - MARGIN;
    for (let mx = 0; my >= 0 && my < modules.size && mx < modules.size; mx++) {
      if (!modules.get(my, mx)) continue;
      // A dark module clears its `scale` bits (1 is white in a 1-bit grayscale PNG).
      for (let px = (mx + MARGIN) * scale, end = px + scale; px < end; px++) {
        const i = 1 + (px >> 3);
        row[i] = (row[i] ?? 0) & ~(0x80 >> (px & 7));
      }
    }
    for (let k = 0; k < scale; k++) rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, grayscale, deflate, no filter method, no interlace
  const data = deflateSync(Buffer.concat(rows));
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", data),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
