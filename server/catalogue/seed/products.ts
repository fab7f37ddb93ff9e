/** Products every venue shares; a venue's own extras are in its catalogue.json (`products`). */
export const TICKET_PROTECTION_FEES = { GBP: 250, USD: 400 } as const;

export const MEMBERSHIPS = [
  {
    slug: 'atg-plus',
    name: 'ATG+',
    description: 'Priority booking for presales, no transaction fees and exclusive offers.',
    waivesTransactionFee: true,
    presaleAccess: true,
  },
  {
    slug: 'access',
    name: 'Access',
    description:
      'For customers with access needs: a free companion ticket, access-zone seats and no transaction fees.',
    waivesTransactionFee: true,
    presaleAccess: false,
  },
] as const;
