/**
 * Sends the browser to another site (a payment provider's checkout, Google's sign-in page); an
 * object of its own so tests can stand in for the navigation, which jsdom cannot do.
 */
export const leavePage = {
  to(url: string) {
    window.location.assign(url);
  },
};
