/** What an invoice payload refers to. */
export type InvoiceTarget = { kind: "order"; orderId: string } | { kind: "topup"; id: string };

export function parsePayload(payload: string): InvoiceTarget | undefined {
  const [kind, id] = payload.split(":");
  if (!id || !/^[A-Za-z0-9_-]{4,40}$/.test(id)) return undefined;
  if (kind === "o") return { kind: "order", orderId: id };
  if (kind === "t") return { kind: "topup", id };
  return undefined;
}
