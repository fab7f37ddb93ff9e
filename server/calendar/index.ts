// The calendar's public module (issue 23): no other capability asks the calendar anything; it
// asks the basket, catalogue, members, promo and vouchers. (The app registers its routes.)
export {};
