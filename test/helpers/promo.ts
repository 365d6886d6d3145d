import type { NewPromo, PromoCodes } from "../../src/domain/sales/index.js";

/**
 * Creates promo code `code` (by default 20% off every plan, once per customer, for anyone, made
 * by admin 1); throws when the code exists already, so a test never runs on another's code.
 */
export async function makePromo(
  promos: Pick<PromoCodes, "create">,
  code: string,
  fields: Partial<NewPromo> = {},
): Promise<void> {
  const made = await promos.create({
    code,
    kind: "percent",
    value: 20,
    plans: [],
    perCustomer: 1,
    newCustomersOnly: false,
    createdBy: 1,
    ...fields,
  });
  if (!made) throw new Error(`code ${code} exists`);
}
