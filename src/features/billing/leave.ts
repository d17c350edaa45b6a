// Checkout and the portal are Stripe's pages: the browser leaves the SPA for them. Tests replace `assign`.
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
