import type { BrowserData } from '../../contract/api/payment';

/** What a buyer's browser tells the booking API about itself when it pays (3-D Secure data). */
export const buyerBrowser: BrowserData = {
  language: 'en-GB',
  colorDepth: 24,
  screenWidth: 1440,
  screenHeight: 900,
  timeZoneOffset: 0,
};

/** The fields the browser posts from the gateway's device-data collection page. */
export const deviceData = {
  screenWidth: '1440',
  screenHeight: '900',
  colorDepth: '24',
  timeZoneOffset: '0',
  timeZone: 'Europe/London',
  language: 'en-GB',
  javascriptEnabled: 'true',
};

/** Complete checkout details for `PUT /holds/{id}/details`: delivery, contact, consents. */
export function detailsBody(method = 'eTicket', region = 'uk') {
  return {
    delivery: { method, address: null },
    contact: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: region === 'uk' ? '020 7946 0958' : '(313) 555-0123',
    },
    answers: {},
    consents: {
      termsAccepted: true,
      marketingOptIn: false,
      pecrOptOut: false,
      abandonedBasketOptOut: false,
    },
  };
}
