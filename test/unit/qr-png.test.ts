import { crc32, inflateSync } from "node:zlib";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrPng } from "../../src/render/qr.js";

interface Chunk {
  type: string;
  data: Buffer;
}

/** The chunks of a PNG, each one's CRC checked as a decoder checks it. */
function chunksOf(png: Buffer): Chunk[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typed));
    chunks.push({ type: typed.subarray(0, 4).toString("latin1"), data: typed.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

/** Whether pixel (x, y) of a 1-bit grayscale, unfiltered picture is dark. */
function dark(pixels: Buffer, side: number, x: number, y: number): boolean {
  const rowBytes = 1 + Math.ceil(side / 8);
  return ((pixels[y * rowBytes + 1 + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) === 0;
}

describe("the QR code picture", () => {
  const link =
    "vless://0b5a6c1e-8f6b-4c0e-9a3e-1f2d3c4b5a69@de1.example.com:443?type=tcp&security=reality&sni=www.google.com#Germany";

  it("is a valid PNG whose pixels are the code's modules, a light margin of two around them", async () => {
    const png = await qrPng(link);
    const chunks = chunksOf(png);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = chunks[0]?.data ?? Buffer.alloc(13);
    const side = header.readUInt32BE(0);
    expect(header.readUInt32BE(4)).toBe(side);
    expect([...header.subarray(8)]).toEqual([1, 0, 0, 0, 0]);
    expect(side).toBeLessThanOrEqual(512);
    expect(side).toBeGreaterThan(400);

    const { modules } = QRCode.create(link, { errorCorrectionLevel: "M" });
    const count = modules.size + 4;
    expect(side % count).toBe(0);
    const scale = side / count;
    const pixels = inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
    const rowBytes = 1 + Math.ceil(side / 8);
    expect(pixels.length).toBe(side * rowBytes);
    // Every row unfiltered (filter byte 0).
    expect(Array.from({ length: side }, (_, y) => pixels[y * rowBytes]).every((f) => f === 0)).toBe(true);
    let mismatches = 0;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const [mx, my] = [Math.floor(x / scale) - 2, Math.floor(y / scale) - 2];
        const inCode = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
        if (dark(pixels, side, x, y) !== (inCode && modules.get(my, mx) === 1)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });

  it("is the same picture for the same text, another for another", async () => {
    expect(await qrPng(link)).toEqual(await qrPng(link));
    expect(await qrPng(link)).not.toEqual(await qrPng(`${link}-2`));
  });
});
