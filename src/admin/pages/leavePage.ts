/** Sends the browser to another site's address (an identity provider's); an object, so tests can stand in for it. */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
