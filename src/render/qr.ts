import QRCode from "qrcode";

/**
 * A QR code of `text` (a VLESS link, a subscription URL) as a PNG picture, ready for
 * `new InputFile(buffer, "qr.png")`. Pure: the same text always gives the same picture, so it is
 * safe to compute inside a conversation.
 */
export async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 512 });
}
