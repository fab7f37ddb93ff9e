/** The non-card methods' names as their owners print them: brand names, never translated. */
export const METHOD_NAMES = {
  paypal: 'PayPal',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
} as const;
