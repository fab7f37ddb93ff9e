/**
 * Order numbers as buyers read them from an email or type them from memory (issue 25, Find my
 * tickets): "SD-" and 8 characters without look-alikes (server/orders/keys.ts makes them).
 * Zod-free, so the SPA's form and the API read a typed number the same way.
 */

export const ORDER_NUMBER_PATTERN = /^SD-[2-9A-HJKMNP-Z]{8}$/;

/** "sd 7k3q-f9xm", "7K3QF9XM" and "SD-7K3QF9XM" are one number; anything else stays as typed. */
export function normaliseOrderNumber(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  const body = compact.startsWith('SD') && compact.length === 10 ? compact.slice(2) : compact;
  const number = `SD-${body}`;
  return ORDER_NUMBER_PATTERN.test(number) ? number : typed;
}

export const isOrderNumber = (typed: string) =>
  ORDER_NUMBER_PATTERN.test(normaliseOrderNumber(typed));
